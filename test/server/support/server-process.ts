import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { projectRoot } from '#server/project-root'
import { startProcess } from '../../support/child-process'
import { freePort } from '../../support/free-port'

/**
 * A portal server as a child process (node with tsx as its loader), run from the project at
 * `root` (this checkout by default, or another release's), with `env` over this process's
 * environment. Resolves once it answers; rejects with its output when it exits first.
 */
export async function startServerProcess(env: Record<string, string>, root = projectRoot) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const { child, exited } = startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/main.ts')],
    { cwd: root, env: { ...process.env, PORT: String(port), ...env }, stdio: 'pipe' },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  let gone = false
  const ended = exited.then((exit) => {
    gone = true
    return exit
  })
  const server = {
    base,
    output: () => output,
    exited: ended,
    async stop() {
      if (!gone) child.kill('SIGTERM')
      await ended
    },
  }
  const deadline = Date.now() + 90_000
  while (!gone && Date.now() < deadline) {
    const answers = await fetch(`${base}/api/users`).then(
      () => true,
      () => false,
    )
    if (answers) return server
    await sleep(100)
  }
  await server.stop()
  throw new Error(`the server ${gone ? 'exited at start' : 'did not start'}:\n${output}`)
}
