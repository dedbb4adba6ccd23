import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port'

const run = promisify(execFile)

/**
 * A PostgreSQL server of a test's own: a new cluster (initdb) in a temporary directory, on a
 * free port of loopback, trust auth, started with pg_ctl. For tests that do to a server what
 * must not happen to the one every other test file shares: restart it, stop it, put a replica
 * or a pooler in front of it. Made from the machine's own PostgreSQL programs (Debian's
 * postgresql package: /usr/lib/postgresql/<version>/bin), run as the `postgres` user when the
 * test runs as root (initdb refuses root).
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  port: number
  /** pg_ctl restart -m fast: every connection ends, and the server is back when this resolves. */
  restart(): Promise<void>
  /** Stops the server at once and removes its files. */
  destroy(): Promise<void>
}

/** The newest PostgreSQL's programs on this machine, or null (then such tests are skipped). */
export function postgresPrograms(): string | null {
  const fromEnvironment = process.env.PG_BINDIR
  if (fromEnvironment)
    return existsSync(path.join(fromEnvironment, 'pg_ctl')) ? fromEnvironment : null
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

const asRoot = userInfo().uid === 0

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const programs = postgresPrograms()
  if (!programs) throw new Error("PostgreSQL's server programs (pg_ctl, initdb) are not installed")
  const home = await mkdtemp(path.join(tmpdir(), 'portal-postgres-'))
  const dataDir = path.join(home, 'data')
  const logFile = path.join(home, 'server.log')
  const postgres = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(programs, program), ...args])
      : run(path.join(programs, program), args)
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const uid = Number(stdout.trim())
    await chown(home, uid, uid)
  }
  const pgCtl = (...args: string[]) =>
    postgres('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args])
  const stop = () => pgCtl('-m', 'immediate', 'stop').catch(() => {})
  let port = 0
  try {
    await postgres('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ])
    // The port chosen just before it is taken (initdb takes seconds), the socket in its own
    // directory, so it never meets the shared server's /var/run one.
    port = await freePort()
    const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1`
    await pgCtl('-l', logFile, '-o', options, 'start')
  } catch (error) {
    await stop()
    await rm(home, { recursive: true, force: true })
    throw error
  }
  // A test process that ends without destroy() (a failed hook, a timeout) stops it too.
  const pgCtlPath = path.join(programs, 'pg_ctl')
  const stopAtExit = () => {
    try {
      const stopArgs = ['-D', dataDir, '-m', 'immediate', 'stop']
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', pgCtlPath, ...stopArgs])
      else execFileSync(pgCtlPath, stopArgs)
    } catch {
      // Stopped already.
    }
  }
  process.once('exit', stopAtExit)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    // pg_ctl restart starts the server again with the options it was started with.
    // -l again: without it the server's output would hold pg_ctl's pipe, and this, open.
    restart: async () => {
      await pgCtl('-l', logFile, '-m', 'fast', 'restart')
    },
    async destroy() {
      process.off('exit', stopAtExit)
      await stop()
      await rm(home, { recursive: true, force: true })
    },
  }
}
