import { chmod, mkdir, rm } from 'node:fs/promises'
import { connect, createServer, type Server } from 'node:net'
import path from 'node:path'
import type { Database } from '../db/database'
import { commandNameOf, type OpsResult, runOpsCommand } from './run'

/**
 * The running server's local channel for operator commands (docs/decisions/033): a Unix socket
 * in DATA_DIR, owner-only, so `npm run ops` works while the server runs, also on the embedded
 * database that only one process may open. One request per connection: a JSON line
 * `{argv, operator, as}` in, a JSON line `{exitCode, output}` out.
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'ops.sock')

const maxRequestBytes = 64 * 1024

export async function startOpsChannel(options: {
  socketPath: string
  db: Database
  now: () => Date
  /** The portal's public address, for links in e-mails (an enrolment link). */
  publicUrl?: string
  /** After each command, e.g. to send the e-mail it queued at once. */
  afterCommand: () => void
  log: (line: string) => void
}): Promise<{ stop(): Promise<void> }> {
  // Another server sharing this DATA_DIR answers on the socket: leave it to that one.
  if (await answersOn(options.socketPath)) {
    options.log(
      `operator channel not started: another server answers on ${options.socketPath} (give each server its own OPS_SOCKET)`,
    )
    return { stop: async () => {} }
  }
  // A socket file left by a server that did not stop cleanly: nothing answers on it.
  await rm(options.socketPath, { force: true })
  // A new DATA_DIR (a server on PostgreSQL with MAIL_KEY set writes nothing else there first).
  // Should it fail, listening below says why.
  await mkdir(path.dirname(options.socketPath), { recursive: true, mode: 0o700 }).catch(() => {})
  const server: Server = createServer((socket) => {
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
      if (received.length > maxRequestBytes) {
        socket.destroy()
        return
      }
      const end = received.indexOf('\n')
      if (end < 0) return
      socket.pause()
      void answer(received.slice(0, end)).then((result) =>
        socket.end(`${JSON.stringify(result)}\n`),
      )
    })
    socket.on('error', () => {})
  })
  async function answer(line: string): Promise<OpsResult> {
    try {
      const request = JSON.parse(line) as { argv?: unknown; operator?: unknown; as?: unknown }
      if (!Array.isArray(request.argv) || !request.argv.every((arg) => typeof arg === 'string'))
        return { exitCode: 2, output: 'Bad request on the operator channel.' }
      const operator = typeof request.operator === 'string' ? request.operator : 'unknown'
      const as = typeof request.as === 'string' ? request.as : null
      const result = await runOpsCommand(options.db, request.argv, {
        operator,
        as,
        now: options.now(),
        publicUrl: options.publicUrl,
      })
      if (result.exitCode === 0)
        options.log(`ops (${as ?? operator}): ${commandNameOf(request.argv)}`)
      options.afterCommand()
      return result
    } catch (error) {
      return { exitCode: 1, output: error instanceof Error ? error.message : String(error) }
    }
  }
  // Owner-only from the first moment: the umask applies when the socket file is created.
  const previous = process.umask(0o177)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.socketPath, resolve)
    })
    await chmod(options.socketPath, 0o600)
  } catch (error) {
    // E.g. a DATA_DIR path too long for a socket: the portal runs, `ops` needs it stopped.
    options.log(
      `operator channel not available (${error instanceof Error ? error.message : error}): stop the server to run ops commands on the embedded database`,
    )
    return { stop: async () => {} }
  } finally {
    process.umask(previous)
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      }),
  }
}

/** Whether a live process listens on the socket (a stale file refuses the connection). */
function answersOn(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Sends a command to the running server; null when no server listens on the socket. */
export function sendToRunningServer(
  socketPath: string,
  argv: string[],
  operator: string,
  as: string | null = null,
): Promise<OpsResult | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv, operator, as })}\n`))
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as OpsResult)
      } catch {
        reject(new Error('The running server gave no answer on the operator channel.'))
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
  })
}
