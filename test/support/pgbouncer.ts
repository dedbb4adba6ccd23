import { existsSync } from 'node:fs'
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startProcess } from './child-process'
import { freePort } from './free-port'

/** Debian's pgbouncer (`apt-get install pgbouncer`; .ci/run installs it), or null. */
export const pgbouncerProgram =
  ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find(existsSync) ?? null

export interface PgBouncer {
  /** A URL like `serverUrl`'s, with its database, through the pooler. */
  urlFor(database: string): string
  /** Stops PgBouncer and removes its files. */
  stop(): Promise<void>
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`

/**
 * PgBouncer of a test's own in transaction pooling, in front of the PostgreSQL server of
 * `serverUrl`: its config in a temporary directory, on a free port of loopback, clients trusted
 * (auth_type = trust with an auth_file naming the user), the server reached as `serverUrl`'s
 * user with its password if it has one. `poolSize` server connections per database and user: a
 * small pool makes clients share them, as they do in production. Run as the `postgres` user when
 * the test runs as root (PgBouncer refuses root).
 */
export async function startPgBouncer(serverUrl: string, poolSize = 2): Promise<PgBouncer> {
  if (!pgbouncerProgram) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)')
  const server = new URL(serverUrl)
  const user = decodeURIComponent(server.username || 'postgres')
  const password = decodeURIComponent(server.password)
  const home = await mkdtemp(path.join(tmpdir(), 'portal-pgbouncer-'))
  const port = await freePort()
  const config = path.join(home, 'pgbouncer.ini')
  const logFile = path.join(home, 'pgbouncer.log')
  const serverSide = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `user=${user}`,
    ...(password ? [`password=${quoted(password)}`] : []),
  ].join(' ')
  await writeFile(
    config,
    [
      '[databases]',
      `* = ${serverSide}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(home, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      `logfile = ${logFile}`,
      // node-postgres sends none of these; psql and other tools may.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  )
  await writeFile(path.join(home, 'userlist.txt'), `"${user}" ""\n`)
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const { uid, gid } = await postgresUser()
    for (const file of [home, config, path.join(home, 'userlist.txt')]) await chown(file, uid, gid)
  }
  const { child, exited } = startProcess(
    asRoot ? 'runuser' : pgbouncerProgram,
    asRoot ? ['-u', 'postgres', '--', pgbouncerProgram, config] : [config],
    { stdio: 'ignore' },
  )
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM')
      await exited
    }
    await rm(home, { recursive: true, force: true })
  }
  const deadline = Date.now() + 15_000
  while (!(await accepts(port))) {
    if (gone || Date.now() > deadline) {
      const log = await readFile(logFile, 'utf8').catch(() => '(no log)')
      await stop()
      throw new Error(`PgBouncer did not start:\n${log}`)
    }
    await sleep(100)
  }
  return {
    urlFor(database) {
      const url = new URL(serverUrl)
      url.port = String(port)
      url.hostname = '127.0.0.1'
      url.password = ''
      url.pathname = `/${database}`
      return url.toString()
    },
    stop,
  }
}

async function postgresUser() {
  const passwd = await readFile('/etc/passwd', 'utf8')
  const fields = passwd
    .split('\n')
    .find((line) => line.startsWith('postgres:'))
    ?.split(':')
  if (!fields) throw new Error('no postgres user to run PgBouncer as')
  return { uid: Number(fields[2]), gid: Number(fields[3]) }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
