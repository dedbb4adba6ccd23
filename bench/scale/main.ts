/**
 * `npm run bench:scale` (issue 33): how the portal's calls slow as the bank grows. Seeds two
 * databases of its own on DATABASE_URL's PostgreSQL server with SCALE_SMALL and SCALE_LARGE
 * customers of realistic history (bench/scale/seed.ts; docs/decisions/104), checks their books
 * and audit chain, then times each call of issue 33's list over HTTP on the real server, as a
 * signed-in customer, a signed-in auditor and the security-retention job, at both sizes in the
 * same run, and prints the median and p95 of each with the ratio large/small. Figures only.
 *
 *   DATABASE_URL            the server (its database is not touched); postgres://postgres@127.0.0.1:5432/test
 *   SCALE_SMALL=20000  SCALE_LARGE=200000 (2000000 for the issue's full size)
 *   SCALE_RUNS=25  SCALE_WARMUP=3  SCALE_CHUNK=20000 (customers per seeding transaction)
 *   SCALE_DATABASE_PREFIX=bench_scale (databases <prefix>_small and <prefix>_large)
 *   SCALE_KEEP=1            keep the two databases afterwards (dropped by default)
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { hashSecret } from '#server/auth/secrets'
import { openDatabase } from '#server/db/database'
import { ensureBankAccounts } from '#server/db/ledger'
import { bankSettings, users } from '#server/db/schema'
import { setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { type CallContext, succeeded, timedCalls } from './calls'
import { checkSeededBooks } from './checks'
import { addBenchStaff, signedInAuditor, signedInCustomer } from './people'
import { phases } from './phases'
import { startPortal } from './portal-server'
import { customerEmail, measuredCustomer, seedAuditEntries, seedCustomers } from './seed'
import {
  inspectTarget,
  markSeeded,
  markSeeding,
  NotTheBenchsDatabase,
  recreateDatabase,
  type TargetState,
  withClient,
} from './target-database'
import { type CallTimes, resultTable, timeCall } from './timing'

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`${name} must be a whole number from 1 (it is ${process.env[name]}).`)
    process.exit(2)
  }
  return value
}
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const small = count('SCALE_SMALL', 20_000)
const large = count('SCALE_LARGE', 200_000)
const runs = count('SCALE_RUNS', 25)
const warmUp = count('SCALE_WARMUP', 3)
const chunk = count('SCALE_CHUNK', 20_000)
const prefix = process.env.SCALE_DATABASE_PREFIX ?? 'bench_scale'
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) {
  console.error('SCALE_DATABASE_PREFIX must be lower-case letters, digits and _ (a database name).')
  process.exit(2)
}
const passcode = '135790'
const pin = '2468'
const log = (line: string) =>
  console.error(`[scale ${new Date().toISOString().slice(11, 19)}] ${line}`)

interface Size {
  label: string
  customers: number
  target: TargetState
}

const sizes: Size[] = []
try {
  for (const [label, customers] of [
    ['small', small],
    ['large', large],
  ] as const)
    sizes.push({ label, customers, target: await inspectTarget(serverUrl, `${prefix}_${label}`) })
} catch (error) {
  if (!(error instanceof NotTheBenchsDatabase)) throw error
  console.error(error.message)
  process.exit(1)
}

// The decision e-mails are sealed as the outbox keeps them; this run's key.
setKeyRing(singleKeyRing(randomBytes(32)))
const hashes = { passcode: await hashSecret(passcode), pin: await hashSecret(pin) }

async function seedSize(size: Size) {
  const started = performance.now()
  await recreateDatabase(serverUrl, size.target)
  const database = await openDatabase({
    databaseUrl: size.target.url,
    dataDir: null,
    migrate: true,
  })
  await markSeeding(size.target.url, size.customers)
  // What the server makes at start (the bank's accounts) and its settings row, as a bank has it.
  await ensureBankAccounts(database.db)
  await database.db.insert(bankSettings).values({ id: 1 }).onConflictDoNothing()
  const { reviewer } = await addBenchStaff(database.db)
  const plan = {
    customers: size.customers,
    chunk,
    passcodeHash: hashes.passcode,
    pinHash: hashes.pin,
    reviewerStaffId: reviewer.id,
    reviewerEmail: reviewer.email,
    now: new Date(),
    progress: (line: string) => log(`${size.label}: ${line}`),
  }
  await withClient(size.target.url, async (client) => {
    await seedCustomers(client, plan)
    await seedAuditEntries(client, plan)
    log(`${size.label}: vacuum analyze`)
    await client.query('VACUUM ANALYZE')
  })
  log(`${size.label}: ${await checkSeededBooks(database.db, size.customers)}`)
  await markSeeded(size.target.url)
  const bytes = await withClient(size.target.url, async (client) => {
    const { rows } = await client.query<{ bytes: string }>(
      'SELECT pg_database_size(current_database())::text AS bytes',
    )
    return Number(rows[0]?.bytes ?? 0)
  })
  const seconds = (performance.now() - started) / 1000
  return { database, bytes, seconds }
}

async function measureSize(size: Size, database: Awaited<ReturnType<typeof seedSize>>['database']) {
  const portal = await startPortal(database.db)
  try {
    const staff = await signedInAuditor(database.db, portal)
    const email = customerEmail(measuredCustomer)
    const { browser, token } = await signedInCustomer(portal, email, passcode)
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
    const figures = succeeded('figures', await staff('figures'))
    const difference = (figures.reconciliation as { difference?: string } | undefined)?.difference
    if (Number(difference) !== 0)
      throw new Error(`the figures' reconciliation is off by ${difference}`)
    const context: CallContext = {
      db: database.db,
      customer: browser,
      staff,
      token,
      customerId: row?.id as number,
      email,
      passcode,
      pin,
      customers: size.customers,
    }
    const byPhase = new Map<string, CallTimes[]>()
    for (const phase of phases) {
      const running = await phase.start(context)
      const results: CallTimes[] = []
      try {
        for (const call of timedCalls(context).filter(phase.calls)) {
          results.push(await timeCall(call, warmUp, runs))
          log(`${size.label} ${phase.name}: ${call.label}`)
        }
      } finally {
        await running.stop()
      }
      byPhase.set(phase.name, results)
    }
    return byPhase
  } finally {
    await portal.close()
  }
}

const seeded: Awaited<ReturnType<typeof seedSize>>[] = []
try {
  for (const size of sizes) {
    log(`${size.label}: seeding ${size.customers} customers into ${size.target.name}`)
    seeded.push(await seedSize(size))
  }
  const measured: Map<string, CallTimes[]>[] = []
  for (const [index, size] of sizes.entries())
    measured.push(await measureSize(size, (seeded[index] as (typeof seeded)[number]).database))

  console.log(`# Scale bench: ${small} and ${large} customers`)
  console.log('')
  for (const [index, size] of sizes.entries()) {
    const { bytes, seconds } = seeded[index] as (typeof seeded)[number]
    console.log(
      `- ${size.label}: ${size.customers} customers, database ${(bytes / 2 ** 30).toFixed(2)} GiB, seeded and checked in ${seconds.toFixed(0)} s`,
    )
  }
  for (const phase of phases) {
    console.log('')
    console.log(`## ${phase.name}`)
    console.log('')
    console.log(
      resultTable(
        sizes.map((size, index) => ({
          label: `${size.customers}`,
          results: measured[index]?.get(phase.name) ?? [],
        })),
        runs,
      ),
    )
  }
} finally {
  for (const { database } of seeded) await database.close()
  if (process.env.SCALE_KEEP !== '1')
    await withClient(serverUrl, async (client) => {
      // Both passed inspection above: the bench's own, whatever happened since.
      for (const size of sizes)
        await client.query(`DROP DATABASE IF EXISTS ${size.target.name} WITH (FORCE)`)
    })
}
