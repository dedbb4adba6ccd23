import { randomBytes } from 'node:crypto'
/**
 * `npm run bench`: prints how fast the server answers, in process (no network), on embedded
 * PGlite, or on PostgreSQL when DATABASE_URL is set. Figures only; nothing is asserted.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { createApp } from '#server/app'
import { openDatabase } from '#server/db/database'
import { bankAccountCodes, customerAccountCode, post } from '#server/db/ledger'
import { setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { demoCredentials, seedDemoData } from '#server/seed/demo-data'
import { createUploadStore } from '#server/storage/uploads'
import { benchStatements } from './statements'

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'))
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: null,
  migrate: true,
})
// The demo's history tells its customer of a settled transfer by e-mail: the outbox seals bodies.
setKeyRing(singleKeyRing(randomBytes(32)))
const uploads = createUploadStore(path.join(dataDir, 'uploads'))
await seedDemoData(database.db, uploads, new Date())
const app = createApp({
  db: database.db,
  uploads,
  mailQueued: () => {},
  now: () => new Date(),
  log: () => {},
  webRoot: dataDir,
  publicUrl: 'http://bench.local',
})

const call = async (query: string, fields: Record<string, string>) => {
  const response = await app.request(`/api/users${query}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return (await response.json()) as Record<string, unknown>
}

async function measure(label: string, count: number, work: (index: number) => Promise<unknown>) {
  const times: number[] = []
  const started = performance.now()
  for (let index = 0; index < count; index++) {
    const begin = performance.now()
    await work(index)
    times.push(performance.now() - begin)
  }
  const total = performance.now() - started
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2)
  console.log(
    `${label.padEnd(34)} ${String(count).padStart(5)} runs  ${(count / (total / 1000)).toFixed(1).padStart(8)}/s  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms`,
  )
}

const [demo] = demoCredentials
console.log(`database: ${database.description}`)
await measure('userlogin (argon2id verify)', 20, () =>
  call('?crud=userlogin', { email: demo.email, password: demo.secret }),
)
const token = (await call('?crud=userlogin', { email: demo.email, password: demo.secret }))
  .jwt as string
await measure('getstatement (dashboard)', 300, () => call('', { action: 'getstatement', token }))
await measure('unknown action (400 path)', 1000, () => call('', { action: 'nosuch' }))
const userId = Number((await database.db.query.users.findFirst())?.id)
await measure('ledger posting (2 entries)', 300, () =>
  database.db.transaction((tx) =>
    post(tx, {
      kind: 'bench',
      lines: [
        { account: bankAccountCodes.received, amount: -100 },
        { account: customerAccountCode(userId), amount: 100 },
      ],
    }),
  ),
)

const statementRows = Number(process.env.STATEMENT_ROWS ?? 100_000)
if (statementRows > 0)
  await benchStatements({
    app,
    db: database.db,
    userId: Number(
      (await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, demo.email) }))
        ?.id,
    ),
    token,
    rows: statementRows,
  })

await database.close()
await rm(dataDir, { recursive: true, force: true })
