import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { projectRoot } from '#server/project-root'

/**
 * One portal server as a child process (node with tsx as its loader, so a signal reaches the
 * server itself), startable again after it was killed.
 */
export interface ServerProcess {
  name: string
  url: string
  running(): boolean
  start(): Promise<void>
  /** SIGKILL by default: no clean-up at all, as in a crash. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

export function serverProcess(options: {
  name: string
  port: number
  env: Record<string, string>
  /** Each line the server prints, prefixed by the caller as it likes. */
  onLine?: (line: string) => void
  /** The server ended without being asked to (a crash). */
  onCrash?: (exitCode: number | null) => void
}): ServerProcess {
  const url = `http://127.0.0.1:${options.port}`
  let child: ChildProcess | null = null
  let exited: Promise<void> = Promise.resolve()
  let stopping = false
  let ready = false
  const forward = (stream: NodeJS.ReadableStream | null) => {
    let rest = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) options.onLine?.(line)
    })
  }
  return {
    name: options.name,
    url,
    /** Started and answering (not while starting). */
    running: () => child !== null && ready,
    async start() {
      if (child) return
      stopping = false
      ready = false
      const started = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'server/main.ts')],
        {
          cwd: projectRoot,
          env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
          stdio: ['ignore', options.onLine ? 'pipe' : 'ignore', options.onLine ? 'pipe' : 'ignore'],
        },
      )
      child = started
      // Node emits 'error' when the process cannot be started or signalled; unheard, it would
      // be an uncaught exception in whoever runs the cluster.
      started.on('error', () => {
        if (started.pid === undefined && child === started) child = null
      })
      forward(started.stdout)
      forward(started.stderr)
      exited = new Promise((resolve) =>
        started.once('exit', (code) => {
          if (child === started) {
            child = null
            ready = false
          }
          if (!stopping) options.onCrash?.(code)
          resolve()
        }),
      )
      const deadline = Date.now() + 120_000
      while (Date.now() < deadline) {
        if (child !== started) throw new Error(`${options.name} exited while starting`)
        const up = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.body?.cancel().then(() => response.ok),
          () => false,
        )
        if (up) {
          ready = true
          return
        }
        await sleep(100)
      }
      throw new Error(`${options.name} did not start within 2 minutes`)
    },
    async kill(signal = 'SIGKILL') {
      if (!child) return
      stopping = true
      child.kill(signal)
      await exited
    },
  }
}
