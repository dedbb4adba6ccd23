/**
 * `npm run bench:sign-ins`: how many sign-ins a second the bank takes with 1 and with 3 servers
 * (`npm run cluster`'s servers and balancer) on the PostgreSQL of DATABASE_URL, each sign-in
 * (both steps: the e-mail, then the passcode) from its own address as on a payday morning. Prints, per size, sign-ins a second, latency and
 * refusals, beside the anchor of the same run: argon2id hashes a second on one core at the
 * production cost, the work a sign-in costs. Settings: BENCH_SECONDS (default 15),
 * BENCH_CLIENTS (concurrent clients, default 24), BENCH_SERVERS (default 1,3).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { productionHashingCost } from '#server/auth/secrets'
import { keyRingSetting, singleKeyRing } from '#server/keys/key-ring'
import { startCluster } from '../scripts/cluster/start-cluster'
import { databaseUrlOn, withClient } from './scale/target-database'

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const seconds = Number(process.env.BENCH_SECONDS ?? 15)
const clients = Number(process.env.BENCH_CLIENTS ?? 24)
const sizes = (process.env.BENCH_SERVERS ?? '1,3').split(',').map(Number)
const customers = 500
const passcode = '135790'

const urlFor = (name: string) => databaseUrlOn(serverUrl, name)

/** Hashes a second on one core at the production cost: the anchor. */
async function hashesPerSecond() {
  await hash('warm up', productionHashingCost)
  const started = performance.now()
  let done = 0
  while (performance.now() - started < 2_000) {
    await hash(`anchor ${done}`, productionHashingCost)
    done++
  }
  return done / ((performance.now() - started) / 1000)
}

/** Customers who may sign in (e-mail verified, KYC verified), all with one passcode. */
async function addCustomers(url: string) {
  const passcodeHash = await hash(passcode, productionHashingCost)
  await withClient(url, (client) =>
    client.query(
      `insert into users (email, username, first_name, last_name, fullname, passcode_hash,
         pin_hash, email_verified_at, verification_status)
       select 'signin' || n || '@bench.example', 'signin' || n, 'Bench', n::text,
         'Bench ' || n, $1, $1, now(), 'Verified'
       from generate_series(1, $2::int) as n`,
      [passcodeHash, customers],
    ),
  )
}

interface Run {
  signIns: number
  refused: number
  failed: number
  latencies: number[]
}

async function drive(url: string): Promise<Run> {
  const run: Run = { signIns: 0, refused: 0, failed: 0, latencies: [] }
  const until = performance.now() + seconds * 1000
  let next = 0
  const client = async () => {
    while (performance.now() < until) {
      const n = next++
      const started = performance.now()
      // One address per customer's sign-in (the servers trust the balancer and the hop before it).
      const headers = { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
      const email = `signin${1 + (n % customers)}@bench.example`
      // Both steps, as the browser makes them: the e-mail, then the passcode.
      const identified = await fetch(`${url}/api/users?crud=iduser`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ email }),
      })
      await identified.arrayBuffer()
      if (identified.status === 429) {
        run.refused++
        continue
      }
      const response = await fetch(`${url}/api/users?crud=userlogin`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ email, password: passcode }),
      })
      const body = (await response.json()) as { jwt?: unknown }
      if (response.status === 429) run.refused++
      else if (response.ok && typeof body.jwt === 'string') {
        run.signIns++
        run.latencies.push(performance.now() - started)
      } else run.failed++
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return run
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const anchor = await hashesPerSecond()
console.log(`anchor: ${anchor.toFixed(1)} argon2id hashes a second on one core (production cost)`)
console.log(`${clients} clients for ${seconds} s, each sign-in from its own address`)
console.log('| servers | sign-ins/s | median ms | p95 ms | refused (429) | failed |')
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |')
for (const size of sizes) {
  const name = `portal_signins_${randomBytes(4).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create database ${name}`))
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-signins-'))
  const port = 18_400
  const cluster = await startCluster({
    port,
    serverPorts: Array.from({ length: size }, (_, i) => port + 1 + i),
    databaseUrl: urlFor(name),
    dataDir,
    mailKeys: keyRingSetting(singleKeyRing(randomBytes(32))),
    env: { SEED_DEMO: 'false', TRUST_PROXY: '2', NODE_ENV: 'production' },
  })
  try {
    await addCustomers(urlFor(name))
    const run = await drive(cluster.url)
    console.log(
      `| ${size} | ${(run.signIns / seconds).toFixed(1)} | ${percentile(run.latencies, 50).toFixed(0)} | ${percentile(run.latencies, 95).toFixed(0)} | ${run.refused} | ${run.failed} |`,
    )
  } finally {
    await cluster.stop()
    await rm(dataDir, { recursive: true, force: true })
    await withClient(serverUrl, (client) => client.query(`drop database ${name} with (force)`))
  }
}
