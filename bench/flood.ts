/**
 * `npm run bench:flood [-- <seconds> <flooders> [--open=<requests a second>]]`: the real server
 * over HTTP on a fresh embedded database (or a scratch database next to DATABASE_URL). Prints
 * the p50/p99 of the login page and of a signed-in call (getstatement), sampled one after the
 * other for <seconds> (default 10) quietly, then from the first moment of a flood by <flooders> (default 48) sending signups
 * and code resends from another process, first from one address, then each from its own
 * loopback address (127.0.0.x). The flood's first seconds, when every address still has its
 * budget, count as much as the rest. By default each flooder is a closed loop sending as fast as
 * it is answered; with --open the flooders together send a fixed rate whatever the answers.
 * Then, over 3 s of flood without sampling, prints the flood's answers a second and the server
 * process's CPU time per answer: unlike the latencies, that figure hardly depends on what else
 * the machine runs.
 * Figures only; the goal is the flood p99 within 2x of the quiet one.
 */

import { fork } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../test/support/free-port'
import { createFreshDatabase } from '../test/support/fresh-database'

const flags = process.argv.slice(2).filter((argument) => argument.startsWith('--'))
const [seconds = 10, flooders = 48] = process.argv
  .slice(2)
  .filter((argument) => !argument.startsWith('--'))
  .map(Number)
const openRate = Number(flags.find((flag) => flag.startsWith('--open='))?.slice(7) ?? 0)
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-flood-'))
const webRoot = path.join(dataDir, 'web')
await mkdir(webRoot)
await writeFile(
  path.join(webRoot, 'index.html'),
  `<!doctype html><title>Portal</title>${'x'.repeat(2000)}`,
)
// On PostgreSQL the flood's signups go to a scratch database, dropped at the end.
const scratch = process.env.DATABASE_URL
  ? await createFreshDatabase(process.env.DATABASE_URL, 'portal_flood')
  : null
const port = await freePort()
const server = await startServer(
  // The flood signs the demo customer in: seeded on PostgreSQL too (SEED_DEMO, decision 106).
  parseConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    SEED_DEMO: 'true',
    // Its own fresh database.
    MIGRATE_AT_START: 'true',
  }),
  {
    webRoot,
    log: () => {},
  },
)

interface Reply {
  status: number
  body: string
}
function send(
  method: 'GET' | 'POST',
  target: string,
  form?: Record<string, string>,
): Promise<Reply> {
  const body = form ? new URLSearchParams(form).toString() : undefined
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk) => (text += chunk))
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const [demo] = demoCredentials
const login = await send('POST', '/api/users?crud=userlogin', {
  email: demo.email,
  password: demo.secret,
})
const token = JSON.parse(login.body).jwt as string

function percentiles(times: number[]) {
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1)
  return `p50 ${at(0.5).padStart(7)} ms  p99 ${at(0.99).padStart(7)} ms`
}

/** Samples the login page and getstatement in turn, each as soon as the other is answered. */
async function measure(label: string) {
  const page: number[] = []
  const call: number[] = []
  const timed = async (times: number[], work: () => Promise<unknown>) => {
    const begin = performance.now()
    await work()
    times.push(performance.now() - begin)
  }
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) {
    await timed(page, () => send('GET', '/wp-user/account/login'))
    await timed(call, () => send('POST', '/api/users', { action: 'getstatement', token }))
  }
  console.log(
    `${label.padEnd(30)} login page ${percentiles(page)}   getstatement ${percentiles(call)}   (${page.length} samples each)`,
  )
}

type Counts = Record<string, number>
const answered = (counts: Counts) =>
  Object.entries(counts).reduce((sum, [status, n]) => (status === 'pending' ? sum : sum + n), 0)

/** Runs `measure` while every flooder (in bench/flood-clients.mjs) sends hashing calls. */
async function duringFlood(label: string, addressOf: (flooder: number) => string) {
  const clients = fork(new URL('./flood-clients.mjs', import.meta.url), { stdio: 'inherit' })
  clients.once('error', (error) => {
    throw error
  })
  const nextCounts = () =>
    new Promise<Counts>((resolve) =>
      clients.once('message', (message) => resolve(message as Counts)),
    )
  const askCounts = () => {
    const counts = nextCounts()
    clients.send('count')
    return counts
  }
  clients.send({
    port,
    addresses: Array.from({ length: flooders }, (_, n) => addressOf(n)),
    rate: openRate || undefined,
  })
  await measure(label)
  // The server's CPU per flood request, over 3 s of flood alone.
  const before = await askCounts()
  const cpu = process.cpuUsage()
  const began = performance.now()
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const used = process.cpuUsage(cpu)
  const seconds = (performance.now() - began) / 1000
  const during = answered(await askCounts()) - answered(before)
  const final = nextCounts()
  clients.send('stop')
  const counts = Object.entries(await final).map(([status, n]) => `${status}: ${n}`)
  const perRequest = during > 0 ? ((used.user + used.system) / during).toFixed(0) : '-'
  console.log(`${''.padEnd(30)} flood answers: ${counts.join(', ')}`)
  console.log(
    `${''.padEnd(30)} flood alone: ${(during / seconds).toFixed(0)} answers/s, server CPU ${perRequest} µs per answer, ${((used.user + used.system) / 10_000 / seconds).toFixed(0)}% of a core`,
  )
}

const mode = openRate ? `open loop, ${openRate} requests/s in all` : 'closed loops'
console.log(`${seconds} s of samples each; flood: ${flooders} flooders (${mode})`)
await measure('no flood')
await duringFlood('flood from one address', () => '127.0.0.1')
await duringFlood(`flood from ${flooders} addresses`, (flooder) => `127.0.0.${flooder + 2}`)
await server.stop()
await scratch?.drop()
await rm(dataDir, { recursive: true, force: true })
