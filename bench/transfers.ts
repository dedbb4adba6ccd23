/**
 * `npm run bench` (second part): transfers per second through the API on PostgreSQL, beside the
 * same statements sent straight by pgbench ("raw", bench/transfer-anchor.ts: the server's own
 * statements and parameters, one extra primary-key read each) and pgbench's TPC-B-like
 * transaction, at the same client count on the same server, each as a ratio.
 *
 * Each client is its own customer with a saved payee (no step-up), and sends `newtrs` over
 * HTTP to the real server in a loop (the clients run in a process of their own), each with a
 * fresh idempotency key and an authorisation in the state `confirmmypin` leaves it in (prepared
 * in the database beforehand, so the figure is the transfer, not argon2id). pgbench runs on its
 * own scratch database (`pgbench -i -s SCALE`). Beside the rates, the CPU per transfer of the
 * server, the load generator and the PostgreSQL backends, and pgbench's (and its backends') per
 * transaction of each pgbench run.
 * Figures only; nothing is asserted.
 *
 *   BENCH_CLIENTS=1,8,32  BENCH_SECONDS=15  BENCH_SCALE=10  PGBENCH=/usr/lib/postgresql/15/bin/pgbench
 *   BENCH_PROFILE=<dir> (a CPU profile of the server over each API run)
 *   DATABASE_POOL_SIZE (the server's connections, as for `npm start`; unset: its default)
 *   DATABASE_PREPARED_STATEMENTS=false (every statement unnamed, as behind PgBouncer 1.18: 109)
 *   BENCH_ANALYZE=1 (run ANALYZE on the portal's database before each API run, as autovacuum
 *   would on a busy server: the plans must hold when the tables' statistics are known)
 */
import { execFile, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { parseConfig } from '#server/config'
import { defaultPoolSize, openDatabase } from '#server/db/database'
import { canReadBackends, childrenCpuMs, measureBackends } from './backend-cpu'
import { profileServer } from './server-profile'
import { prepareAnchor } from './transfer-anchor'
import {
  type BenchCustomer,
  benchApp,
  benchTransferFields,
  prepareAuthorizations,
  setUpCustomers,
} from './transfer-setup'

const execute = promisify(execFile)
const serverUrl = process.env.DATABASE_URL
if (!serverUrl) {
  console.log('transfers vs pgbench: skipped (needs DATABASE_URL, a PostgreSQL server)')
  process.exit(0)
}
const clientCounts = (process.env.BENCH_CLIENTS ?? '1,8,32').split(',').map(Number)
const seconds = Number(process.env.BENCH_SECONDS ?? 15)
const scale = Number(process.env.BENCH_SCALE ?? 10)
const pgbench = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench'
const analyzed = process.env.BENCH_ANALYZE === '1'
const poolSize =
  parseConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize ??
  defaultPoolSize()
const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
const urlFor = (name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url
}

const suffix = randomBytes(4).toString('hex')
const portalName = `portal_bench_${suffix}`
const pgbenchName = `pgbench_${suffix}`
await admin(async (client) => {
  await client.query(`CREATE DATABASE ${portalName}`)
  await client.query(`CREATE DATABASE ${pgbenchName}`)
})
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'))
const database = await openDatabase({
  databaseUrl: urlFor(portalName).toString(),
  poolSize,
  // DATABASE_PREPARED_STATEMENTS=false: the cost of running behind PgBouncer 1.18 (decision 109).
  preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
  dataDir: null,
  migrate: true,
})
const { db } = database
const app = benchApp(db, dataDir)
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/users`

const pgbenchEnv = (database: string) => {
  const url = urlFor(database)
  return {
    ...process.env,
    // A socket directory given as `?host=` (PostgreSQL on this machine): pgbench goes the same way.
    PGHOST: url.searchParams.get('host') ?? url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
  }
}

interface ClientRun {
  done: number
  refused: number
  elapsed: number
  cpuMs: number
}

async function apiRun(customers: BenchCustomer[], clients: number) {
  const perClient = Math.ceil((seconds * 1500) / clients) + 50
  const pools = await Promise.all(
    customers.slice(0, clients).map((c) => prepareAuthorizations(db, c.id, perClient)),
  )
  if (analyzed) await db.execute(sql`analyze`)
  const child = fork(new URL('./transfer-clients.mjs', import.meta.url), { stdio: 'inherit' })
  const backends = await measureBackends(portalName, { poll: false })
  const profile = await profileServer(process.env.BENCH_PROFILE, String(clients))
  const serverCpuBefore = process.cpuUsage()
  const result = await new Promise<ClientRun>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ClientRun))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)))
    child.send({
      endpoint,
      seconds,
      fields: benchTransferFields,
      clients: customers.slice(0, clients).map((customer, index) => ({
        token: customer.token,
        authorizations: pools[index],
      })),
    })
  })
  const serverCpu = process.cpuUsage(serverCpuBefore)
  await profile.stop()
  const backendsMs = await backends.stop()
  const perTransfer = (ms: number) => (result.done ? ms / result.done : 0)
  return {
    perSecond: result.done / result.elapsed,
    refused: result.refused,
    serverCpuMs: perTransfer((serverCpu.user + serverCpu.system) / 1000),
    serverSystemMs: perTransfer(serverCpu.system / 1000),
    clientCpuMs: perTransfer(result.cpuMs),
    postgresCpuMs: perTransfer(backendsMs),
  }
}

/** One pgbench run of `script` (its arguments) on `database`: its rate and CPU per transaction. */
async function pgbenchRun(database: string, script: string[], clients: number) {
  const backends = await measureBackends(database, { poll: true })
  const clientBefore = await childrenCpuMs()
  const { stdout } = await execute(
    pgbench,
    [
      ...script,
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(seconds),
      '-n',
      database,
    ],
    { env: pgbenchEnv(database) },
  )
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`)
  const backendsMs = await backends.stop()
  const clientMs = (await childrenCpuMs()) - clientBefore
  const done = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0)
  const perTransaction = (ms: number) => (done ? ms / done : 0)
  return {
    tps: Number(tps),
    done,
    clientCpuMs: perTransaction(clientMs),
    postgresCpuMs: perTransaction(backendsMs),
  }
}

/** The server's statements for one transfer, sent by pgbench (bench/transfer-anchor.ts). */
async function anchorRun(customers: BenchCustomer[], clients: number) {
  const perClient = Math.ceil((seconds * 4000) / clients) + 50
  const anchor = await prepareAnchor(
    db,
    urlFor(portalName).toString(),
    customers,
    clients,
    perClient,
    dataDir,
  )
  if (analyzed) await db.execute(sql`analyze`)
  const run = await pgbenchRun(portalName, anchor.args, clients)
  return { ...run, refused: await anchor.refused(run.done) }
}

try {
  console.log(
    `transfers vs pgbench on ${urlFor('').searchParams.get('host') ?? urlFor('').host}: ${seconds} s per run, pgbench scale ${scale},`,
    `the server's pool ${poolSize} connections${analyzed ? ', tables analyzed before each run' : ''}`,
  )
  await execute(pgbench, ['-i', '-q', '-s', String(scale), pgbenchName], {
    env: pgbenchEnv(pgbenchName),
  })
  const customers = await setUpCustomers(db, Math.max(...clientCounts))
  const readable = await canReadBackends()
  const ms = (value: number) => (readable ? value.toFixed(2) : '-')
  console.log(
    'Rates: newtrs/s through the API; "raw", the same statements sent by pgbench (one extra',
    "primary-key read each; bench/transfer-anchor.ts); tpcb, pgbench's own transaction.",
  )
  console.log(
    'CPU ms per transfer (API: server + load generator + PostgreSQL backends; raw and tpcb:',
    `pgbench + backends)${readable ? '' : '; backends not readable here (-)'}`,
  )
  console.log(
    'clients   newtrs/s   raw tps    ratio   tpcb tps    ratio   server   loadgen   postgres   total   raw: pgbench   postgres   total   tpcb: pgbench   postgres   total',
  )
  for (const clients of clientCounts) {
    const api = await apiRun(customers, clients)
    const raw = await anchorRun(customers, clients)
    const tpcb = await pgbenchRun(pgbenchName, ['-b', 'tpcb-like'], clients)
    const ratio = (tps: number) => `${(api.perSecond / tps).toFixed(2).padStart(5)}x`
    console.log(
      [
        String(clients).padStart(7),
        api.perSecond.toFixed(1).padStart(8),
        raw.tps.toFixed(1).padStart(7),
        ratio(raw.tps),
        tpcb.tps.toFixed(1).padStart(8),
        ratio(tpcb.tps),
        api.serverCpuMs.toFixed(2).padStart(6),
        api.clientCpuMs.toFixed(2).padStart(7),
        ms(api.postgresCpuMs).padStart(8),
        ms(api.serverCpuMs + api.clientCpuMs + api.postgresCpuMs).padStart(5),
        raw.clientCpuMs.toFixed(2).padStart(12),
        ms(raw.postgresCpuMs).padStart(8),
        ms(raw.clientCpuMs + raw.postgresCpuMs).padStart(5),
        tpcb.clientCpuMs.toFixed(2).padStart(13),
        ms(tpcb.postgresCpuMs).padStart(8),
        ms(tpcb.clientCpuMs + tpcb.postgresCpuMs).padStart(5),
        `(server in the kernel ${api.serverSystemMs.toFixed(2)})`,
        api.refused ? `(${api.refused} refused)` : '',
        raw.refused ? `(raw: ${raw.refused} refused)` : '',
      ].join('   '),
    )
  }
} finally {
  server.close()
  await database.close()
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${portalName} WITH (FORCE)`)
    await client.query(`DROP DATABASE IF EXISTS ${pgbenchName} WITH (FORCE)`)
  })
  await rm(dataDir, { recursive: true, force: true })
}
