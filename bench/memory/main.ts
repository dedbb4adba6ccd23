/**
 * `npm run bench:memory`: starts the compiled server (`node server-dist/main.js`, as `npm start`
 * runs it; built first when stale) on a new data directory, then again on the same one, and
 * prints its resident memory when it listens, after 45 s without calls (idle), and after a sign-in
 * (argon2id) and a dashboard call. The anchor, from the same run: bare Hono
 * (bare-hono.mjs) after the same calls. Embedded PGlite, or PostgreSQL with DATABASE_URL.
 * Figures only; nothing is asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { demoCredentials } from '#server/seed/demo-data'
import { buildServer, serverNeedsBuild } from '../../scripts/start/server-build.mjs'

const projectRoot = path.resolve(import.meta.dirname, '../..')

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Resident memory of the process in MB, from /proc (Linux). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function startServer(dataDir: string, port: number, script = 'server-dist/main.js') {
  const child = spawn(process.execPath, [script], {
    cwd: projectRoot,
    // It signs the demo customer in: seeded on PostgreSQL too (decision 106); its own fresh database.
    env: {
      MIGRATE_AT_START: 'true',
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const started = Date.now()
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('portal: ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
  })
  return { child, startMs: Date.now() - started }
}

async function signInAndRead(port: number) {
  const [demo] = demoCredentials
  const post = async (query: string, fields: Record<string, string>) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/users${query}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    return (await response.json()) as Record<string, unknown>
  }
  const login = await post('?crud=userlogin', { email: demo.email, password: demo.secret })
  await post('', { action: 'getstatement', token: String(login.jwt) })
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/**
 * How long the server is left alone after it listens before its idle RSS is read: V8 gives back
 * the young generation that the start (migrations, seeding, hashing) grew only after some
 * seconds without work (its memory reducer), 20 to 30 s on the shared machine.
 */
const settleMs = 45_000
const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs))

if (serverNeedsBuild()) console.log(`server-dist/ built in ${await buildServer()}`)
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-memory-'))
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'
console.log(`server resident memory (RSS), ${database}`)
console.log(
  'start                 listening after   RSS listening   RSS idle (45 s)  RSS after sign-in + dashboard',
)
const row = (label: string, startMs: number, ...figures: number[]) =>
  console.log(
    `${label.padEnd(22)}${`${(startMs / 1000).toFixed(1)} s`.padStart(15)}${figures.map((mb, index) => `${mb.toFixed(0)} MB`.padStart(index === 0 ? 16 : 17)).join('')}`,
  )
for (const label of ['new data directory', 'existing data dir']) {
  const port = await freePort()
  const { child, startMs } = await startServer(dataDir, port)
  const pid = child.pid as number
  const listening = residentMb(pid)
  await settle()
  const idle = residentMb(pid)
  await signInAndRead(port)
  row(label, startMs, listening, idle, residentMb(pid))
  await stop(child)
}
await rm(dataDir, { recursive: true, force: true })
{
  const port = await freePort()
  const { child, startMs } = await startServer(dataDir, port, 'bench/memory/bare-hono.mjs')
  const pid = child.pid as number
  const listening = residentMb(pid)
  await settle()
  const idle = residentMb(pid)
  await signInAndRead(port)
  row('anchor: bare Hono', startMs, listening, idle, residentMb(pid))
  await stop(child)
}
