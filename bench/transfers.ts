/**
 * `npm run bench` (second part): transfers per second through the API on PostgreSQL, beside
 * pgbench's TPC-B-like transaction at the same client count on the same server, as a ratio.
 *
 * Each client is its own customer with a saved payee (no step-up), and sends `newtrs` over
 * HTTP to the real server in a loop (the clients run in a worker thread, off the server's), each with a fresh idempotency key and an authorisation in
 * the state `confirmmypin` leaves it in (prepared in the database beforehand, so the figure is
 * the transfer, not argon2id). pgbench runs on its own scratch database (`pgbench -i -s SCALE`).
 * Figures only; nothing is asserted.
 *
 *   BENCH_CLIENTS=1,8,32  BENCH_SECONDS=15  BENCH_SCALE=10  PGBENCH=/usr/lib/postgresql/15/bin/pgbench
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import pg from 'pg'
import { createApp } from '#server/app'
import { hashSecret } from '#server/auth/secrets'
import { createSession } from '#server/auth/sessions'
import { openDatabase } from '#server/db/database'
import { bankAccountCodes, customerAccountCode, ensureBankAccounts, post } from '#server/db/ledger'
import { bankSettings, transferAuthorizations, users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import { payeeKeyOf, savePayee } from '#server/domain/payees'
import { createUploadStore } from '#server/storage/uploads'

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
const amount = '1.00'
const payee = {
  bank: 'Bench Bank',
  swift: 'BNCHUS33',
  act_no: '1234567890',
  act_hold_name: 'Bench Payee',
}

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
const database = await openDatabase({ databaseUrl: urlFor(portalName).toString(), dataDir: null })
const { db } = database
const app = createApp({
  db,
  uploads: createUploadStore(path.join(dataDir, 'uploads')),
  mailQueued: () => {},
  now: () => new Date(),
  log: (line) => console.error(line),
  webRoot: dataDir,
  publicUrl: 'http://bench.local',
})
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/users`

const pgbenchEnv = () => {
  const url = urlFor(pgbenchName)
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
  }
}

async function setUp() {
  await ensureBankAccounts(db)
  await db.insert(bankSettings).values({ id: 1 }).onConflictDoNothing()
  const pinHash = await hashSecret('2468')
  const customers: { id: number; token: string }[] = []
  for (let index = 0; index < Math.max(...clientCounts); index++) {
    const [user] = await db
      .insert(users)
      .values({
        email: `bench${index}@bench.example`,
        username: `bench${index}`,
        firstName: 'Bench',
        lastName: String(index),
        fullname: `Bench ${index}`,
        passcodeHash: pinHash,
        pinHash,
        emailVerifiedAt: new Date(),
        verificationStatus: 'Verified',
      })
      .returning({ id: users.id })
    const id = user?.id as number
    await openCustomerAccount(db, id)
    await post(db, {
      kind: 'deposit',
      lines: [
        { account: bankAccountCodes.received, amount: -1_000_000_000_000 },
        { account: customerAccountCode(id), amount: 1_000_000_000_000 },
      ],
    })
    await savePayee(db, id, { ...payee, routing: '021000089', country: 'US', currency: 'USD' })
    const token = await createSession(db, {
      userId: id,
      kind: 'session',
      remember: true,
      now: new Date(),
    })
    customers.push({ id, token })
  }
  return customers
}

/** Authorisations in the state a right PIN leaves them (no step-up needed). */
async function prepareAuthorizations(userId: number, count: number) {
  const ids = Array.from({ length: count }, () => randomBytes(18).toString('base64url'))
  const now = new Date()
  const expiresAt = new Date(now.getTime() + 3_600_000)
  for (let start = 0; start < ids.length; start += 1000) {
    await db.insert(transferAuthorizations).values(
      ids.slice(start, start + 1000).map((id) => ({
        id,
        userId,
        amount: 100,
        payeeKey: payeeKeyOf(payee),
        stepUpRequired: false,
        authorizedAt: now,
        expiresAt,
      })),
    )
  }
  return ids
}

async function apiRun(customers: { id: number; token: string }[], clients: number) {
  const perClient = Math.ceil((seconds * 1500) / clients) + 50
  const pools = await Promise.all(
    customers.slice(0, clients).map((c) => prepareAuthorizations(c.id, perClient)),
  )
  const worker = new Worker(new URL('./transfer-clients.mjs', import.meta.url), {
    workerData: {
      endpoint,
      seconds,
      fields: {
        ...payee,
        currency: 'USD',
        routing: '021000089',
        country: 'US',
        amount,
        note: 'bench',
        extra: '',
      },
      clients: customers.slice(0, clients).map((customer, index) => ({
        token: customer.token,
        authorizations: pools[index],
      })),
    },
  })
  const result = await new Promise<{ done: number; refused: number; elapsed: number }>(
    (resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    },
  )
  await worker.terminate()
  return { perSecond: result.done / result.elapsed, refused: result.refused }
}

async function pgbenchRun(clients: number) {
  const { stdout } = await execute(
    pgbench,
    [
      '-b',
      'tpcb-like',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(seconds),
      '-n',
      pgbenchName,
    ],
    { env: pgbenchEnv() },
  )
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`)
  return Number(tps)
}

try {
  console.log(
    `transfers vs pgbench on ${urlFor('').host}: ${seconds} s per run, pgbench scale ${scale}`,
  )
  await execute(pgbench, ['-i', '-q', '-s', String(scale), pgbenchName], { env: pgbenchEnv() })
  const customers = await setUp()
  console.log('clients   newtrs/s (API)   pgbench tps   ratio')
  for (const clients of clientCounts) {
    const api = await apiRun(customers, clients)
    const tps = await pgbenchRun(clients)
    console.log(
      `${String(clients).padStart(7)}   ${api.perSecond.toFixed(1).padStart(14)}   ${tps.toFixed(1).padStart(11)}   ${(api.perSecond / tps).toFixed(2).padStart(5)}x${api.refused ? `   (${api.refused} refused)` : ''}`,
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
