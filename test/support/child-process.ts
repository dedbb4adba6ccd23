import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  /** Why it never ran (the command not found, say). */
  error?: Error
}

/**
 * The one place tests start a process of their own: it listens for 'error', which Node emits
 * when the process cannot be started or signalled, and which is an uncaught exception that
 * fails the whole run when nobody listens (issue 38). `exited` resolves when the process ends,
 * or at once when it never started.
 */
export function startProcess(
  command: string,
  args: string[],
  options: SpawnOptions,
): { child: ChildProcess; exited: Promise<Exit> } {
  const child = spawn(command, args, options)
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
    child.on('error', (error) => {
      if (child.pid === undefined) resolve({ code: null, signal: null, error })
    })
  })
  return { child, exited }
}
