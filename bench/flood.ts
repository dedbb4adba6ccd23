/**
 * `npm run bench:flood [-- <samples> <flooders>]`: the real server over HTTP on a fresh
 * embedded database. Prints the p50/p99 of the login page and of a signed-in call (getstatement)
 * quietly, then while <flooders> (default 48) connections send signups and code resends as fast
 * as they can from another process, first from one address, then each from its own loopback
 * address (127.0.0.x).
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

const [samples = 200, flooders = 48] = process.argv.slice(2).map(Number)
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-flood-'))
const webRoot = path.join(dataDir, 'web')
await mkdir(webRoot)
await writeFile(
  path.join(webRoot, 'index.html'),
  `<!doctype html><title>Portal</title>${'x'.repeat(2000)}`,
)
const port = await freePort()
const server = await startServer(parseConfig({ PORT: String(port), DATA_DIR: dataDir }), {
  webRoot,
  log: () => {},
})

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

async function percentiles(work: () => Promise<unknown>) {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const begin = performance.now()
    await work()
    times.push(performance.now() - begin)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1)
  return `p50 ${at(0.5).padStart(7)} ms  p99 ${at(0.99).padStart(7)} ms`
}

async function measure(label: string) {
  const page = await percentiles(() => send('GET', '/wp-user/account/login'))
  const call = await percentiles(() =>
    send('POST', '/api/users', { action: 'getstatement', token }),
  )
  console.log(`${label.padEnd(30)} login page ${page}   getstatement ${call}`)
}

/** Runs `measure` while every flooder (in bench/flood-clients.mjs) sends hashing calls in a loop. */
async function duringFlood(label: string, addressOf: (flooder: number) => string) {
  const clients = fork(new URL('./flood-clients.mjs', import.meta.url), { stdio: 'inherit' })
  const counted = new Promise<Record<string, number>>((resolve, reject) => {
    clients.once('message', (message) => resolve(message as Record<string, number>))
    clients.once('error', reject)
  })
  clients.send({ port, addresses: Array.from({ length: flooders }, (_, n) => addressOf(n)) })
  // Let the flood reach its pace before sampling.
  await new Promise((resolve) => setTimeout(resolve, 500))
  await measure(label)
  clients.send('stop')
  const counts = Object.entries(await counted).map(([status, n]) => `${status}: ${n}`)
  console.log(`${''.padEnd(30)} flood answers: ${counts.join(', ')}`)
}

console.log(`${samples} samples each; flood: ${flooders} connections`)
await measure('no flood')
await duringFlood('flood from one address', () => '127.0.0.1')
await duringFlood(`flood from ${flooders} addresses`, (flooder) => `127.0.0.${flooder + 2}`)
await server.stop()
await rm(dataDir, { recursive: true, force: true })
