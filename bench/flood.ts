/**
 * `npm run bench:flood [-- <samples> <flooders> <seconds>]`: the real server over HTTP on a fresh
 * embedded database. Prints the p50/p99 of the login page and of a signed-in call (getstatement)
 * quietly, then while <flooders> (default 48) connections send signups and code resends as fast
 * as they can, first from one address, then each from its own loopback address (127.0.0.x).
 * Figures only; the goal is the flood p99 within 2x of the quiet one.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../test/support/free-port'

const [samples = 200, flooders = 48, floodSeconds = 10] = process.argv.slice(2).map(Number)
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
  localAddress?: string,
): Promise<Reply> {
  const body = form ? new URLSearchParams(form).toString() : undefined
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        localAddress,
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

/** Runs `measure` while every flooder sends hashing calls in a loop; prints what they got. */
async function duringFlood(label: string, addressOf: (flooder: number) => string) {
  let running = true
  const statuses = new Map<number, number>()
  let serial = 0
  const flood = Array.from({ length: flooders }, async (_, flooder) => {
    while (running) {
      serial++
      const form: Record<string, string> =
        serial % 2
          ? {
              first_name: 'Flood',
              last_name: 'Er',
              username: `flood_${serial}`,
              email: `flood${serial}@example.com`,
              password: '135790',
              fullname: '',
            }
          : { email: `flood${serial}@example.com` }
      const reply = await send(
        'POST',
        serial % 2 ? '/api/users?crud=newuser' : '/api/users',
        serial % 2 ? form : { action: 'resendforgotcode', ...form },
        addressOf(flooder),
      ).catch(() => ({ status: 0, body: '' }))
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
    }
  })
  const stop = setTimeout(() => (running = false), floodSeconds * 1000)
  await measure(label)
  running = false
  clearTimeout(stop)
  await Promise.all(flood)
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
  console.log(`${''.padEnd(30)} flood answers: ${counts.join(', ')}`)
}

console.log(`${samples} samples each; flood: ${flooders} connections`)
await measure('no flood')
await duringFlood('flood from one address', () => '127.0.0.1')
await duringFlood(`flood from ${flooders} addresses`, (flooder) => `127.0.0.${flooder + 2}`)
await server.stop()
await rm(dataDir, { recursive: true, force: true })
