/**
 * Statement exports beside other customers (issue 24, goal 2; docs/decisions/083), against the
 * compiled server as `npm start` runs it (`node server-dist/main.js`, a process of its own, over
 * HTTP): the demo customer's statement of STATEMENT_ROWS transactions (default 100,000) as CSV
 * and as PDF, while another customer calls `getnc` every 10 ms; that call's p50/p99 beside
 * its idle p99 from the same run (the anchor); then the server's RSS before any export, after
 * three PDF exports, and up to a minute later. Embedded PGlite in a new data directory, or
 * PostgreSQL with DATABASE_URL. Run by `npm run bench`; figures only, nothing is asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, like, sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/database'
import { transactions, users } from '#server/db/schema'
import { projectRoot } from '#server/project-root'
import { demoCredentials } from '#server/seed/demo-data'
import { buildServer, serverNeedsBuild } from '../scripts/start/server-build.mjs'

const rows = Number(process.env.STATEMENT_ROWS ?? 100_000)
const databaseUrl = process.env.DATABASE_URL || undefined
const [demo, other] = demoCredentials

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** User and system CPU seconds in a /proc `stat` file (Linux, 100 ticks a second). */
const statCpuSeconds = (file: string) => {
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** CPU seconds the process has used so far, all its threads. */
const cpuSeconds = (pid: number) => statCpuSeconds(`/proc/${pid}/stat`)

/** CPU seconds of each of the process's threads so far, by thread id (one that ends, skipped). */
function threadCpuSeconds(pid: number) {
  const threads = new Map<string, number>()
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(thread, statCpuSeconds(`/proc/${pid}/task/${thread}/stat`))
    } catch {}
  }
  return threads
}

/**
 * Adds to `seen` the CPU seconds so far of each thread started since `before` (the exports'
 * workers, and only they): read while they run, as a thread is gone once its file is sent.
 */
const watchNewThreads = (pid: number, before: Map<string, number>, seen: Map<string, number>) => {
  for (const [thread, cpu] of threadCpuSeconds(pid)) if (!before.has(thread)) seen.set(thread, cpu)
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

async function startServer(dataDir: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['server-dist/main.js'], {
    cwd: projectRoot,
    // The demo customer's statement: seeded on PostgreSQL too (decision 106).
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('portal: ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)))
  })
  return { child, base: `http://127.0.0.1:${port}` }
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** The demo customer's bench rows, made again: one a minute back from now. */
async function fill(dataDir: string) {
  const database = await openDatabase({
    databaseUrl,
    dataDir: path.join(dataDir, 'pgdata'),
    migrate: true,
  })
  try {
    const { db } = database
    const [customer] = await db.select().from(users).where(eq(users.email, demo.email))
    if (!customer) throw new Error('the demo customer is missing')
    await db.delete(transactions).where(like(transactions.ref2, 'bench-export-%'))
    for (let done = 0; done < rows; done += 10_000) {
      const count = Math.min(10_000, rows - done)
      await db.execute(sql`
        insert into transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
        select ${customer.id}, 'bench-export-' || ${done} || '-' || g, 'Bench movement ' || (${done} + g),
          case when g % 3 = 0 then 'debit' else 'credit' end,
          case when g % 3 = 0 then 'Bank Transfer' else 'Deposit' end,
          100 + g % 5000, 'successful', now() - make_interval(mins => ${done} + g)
        from generate_series(1, ${count}) as g`)
    }
    await db.execute(sql`analyze transactions`)
  } finally {
    await database.close()
  }
}

async function signIn(base: string, who: { email: string; secret: string }) {
  const response = await fetch(`${base}/api/users?crud=userlogin`, {
    method: 'POST',
    body: new URLSearchParams({ email: who.email, password: who.secret }),
  })
  return String(((await response.json()) as { jwt: unknown }).jwt)
}

/** Each export runs this many times back to back, others' calls measured across them. */
const exportsInARow = 3

/** Time between another customer's calls: a busy customer, not a flood. */
const othersPauseMs = 10

/** `getnc` every 10 ms or so until `work` settles: p50 and p99 in ms. */
async function othersWhile(base: string, token: string, work: Promise<unknown>) {
  let settled = false
  void work.finally(() => {
    settled = true
  })
  const times: number[] = []
  while (!settled) {
    const begin = performance.now()
    const response = await fetch(`${base}/api/users`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'getnc', token }),
    })
    await response.arrayBuffer()
    times.push(performance.now() - begin)
    await sleep(othersPauseMs)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), calls: times.length }
}

/** A download read to its end as a browser reads it; its time, size and whether it completed. */
async function download(base: string, token: string, action: string) {
  const started = performance.now()
  const response = await fetch(`${base}/api/users`, {
    method: 'POST',
    body: new URLSearchParams({ action, token }),
  })
  let bytes = 0
  let outcome = `status ${response.status}`
  try {
    for await (const piece of response.body ?? []) bytes += piece.byteLength
  } catch (error) {
    outcome = `broken: ${error instanceof Error ? error.message : error}`
  }
  return { ms: performance.now() - started, bytes, outcome }
}

if (serverNeedsBuild()) console.log(`server-dist/ built in ${await buildServer()}`)
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-exports-'))
// The first start creates (PGlite) or migrates the database and seeds the demo customers.
await stop((await startServer(dataDir)).child)
const filling = performance.now()
await fill(dataDir)
console.log(
  `exports: ${rows} transactions for the demo customer in ${((performance.now() - filling) / 1000).toFixed(1)} s, ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, compiled server in its own process`,
)
const { child, base } = await startServer(dataDir)
const pid = child.pid as number
try {
  const token = await signIn(base, demo)
  const othersToken = await signIn(base, other)
  const idle = await othersWhile(base, othersToken, sleep(4_000))
  const idleRss = residentMb(pid)
  console.log(
    `others' getnc, idle (anchor): p50 ${idle.p50.toFixed(1)} ms  p99 ${idle.p99.toFixed(1)} ms (${idle.calls} calls); server RSS ${idleRss.toFixed(0)} MB`,
  )
  for (const action of ['statementcsv', 'statementpdf']) {
    const cpuBefore = cpuSeconds(pid)
    const threadsBefore = threadCpuSeconds(pid)
    // Three in a row: a p99 of others' calls over a few hundred of them, not one CSV's hundred.
    const exported = (async () => {
      const files = []
      for (let run = 0; run < exportsInARow; run++) files.push(await download(base, token, action))
      return files
    })()
    const workers = new Map<string, number>()
    const watching = setInterval(() => watchNewThreads(pid, threadsBefore, workers), 100)
    const others = await othersWhile(base, othersToken, exported)
    const files = await exported
    clearInterval(watching)
    const workerCpu = [...workers.values()].reduce((sum, cpu) => sum + cpu, 0)
    const times = files.map((file) => (file.ms / 1000).toFixed(1)).join(', ')
    const perFile = (seconds: number) => (seconds / exportsInARow).toFixed(1)
    console.log(
      `${action} of ${rows} rows, ${exportsInARow} in a row: ${times} s (server CPU ${perFile(cpuSeconds(pid) - cpuBefore)} s a file, both threads and the others' calls; the worker's thread ${perFile(workerCpu)} s), ${mb(files[0]?.bytes ?? 0)} (${files.map((file) => file.outcome).join(', ')}); others' getnc meanwhile: p50 ${others.p50.toFixed(1)} ms  p99 ${others.p99.toFixed(1)} ms (${(others.p99 / Math.max(idle.p99, 0.1)).toFixed(1)}x idle p99, ${others.calls} calls)`,
    )
  }
  // Then the RSS after the three PDFs, and how soon it is back under 400 MB.
  const afterExports = residentMb(pid)
  let waited = 0
  while (residentMb(pid) >= 400 && waited < 60) {
    await sleep(5_000)
    waited += 5
  }
  const settled = residentMb(pid)
  console.log(
    `server RSS: ${idleRss.toFixed(0)} MB idle, ${afterExports.toFixed(0)} MB after three PDF exports, ${settled < 400 ? `under 400 MB ${waited === 0 ? 'at once' : `after ${waited} s`}` : 'still over 400 MB after 60 s'} (${settled.toFixed(0)} MB)`,
  )
} finally {
  await stop(child)
  await rm(dataDir, { recursive: true, force: true })
}
