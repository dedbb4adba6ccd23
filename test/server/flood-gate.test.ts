import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, createServer, request, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '#server/config'
import {
  createFloodGate,
  type FloodGate,
  floodLimits,
  openPerAddress,
} from '#server/load/flood-gate'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../support/free-port'
import { copyPgliteTemplate } from '../support/pglite-copy'

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  ms: number
}

/** One request over a connection of its own from the loopback address `from`. */
function send(
  port: number,
  from: string,
  target: string,
  form?: Record<string, string>,
): Promise<Reply> {
  const body = form ? new URLSearchParams(form).toString() : undefined
  const began = performance.now()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: body === undefined ? 'GET' : 'POST',
        path: target,
        // A connection of its own, kept alive as a browser's would be.
        agent: new Agent({ keepAlive: true }),
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk) => (text += chunk))
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: text,
            ms: performance.now() - began,
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const [demo] = demoCredentials
const hold = floodLimits.holdMs

describe('the flood gate in front of the running server', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let port: number
  let dataDir: string
  let token: string
  const getdocs = (from: string) => send(port, from, '/api/users', { action: 'getdocs' })
  /** Spends the address's whole budget (3) and has it refused once: then it is over its limit. */
  async function overLimit(from: string) {
    for (let i = 0; i < 3; i++) expect((await getdocs(from)).status).toBe(200)
    return getdocs(from)
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-flood-gate-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
    const webRoot = path.join(dataDir, 'web')
    await mkdir(webRoot)
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Portal</title>')
    port = await freePort()
    server = await startServer(parseConfig({ PORT: String(port), DATA_DIR: dataDir }), {
      webRoot,
      log: () => {},
      requestLimits: {
        perAddress: { burst: 3, perSecond: 1 / 60 },
        perServer: { burst: 1_000, perSecond: 1_000 },
        signupsPerAddress: { burst: 1_000, perSecond: 1_000 },
        mailingGlobal: { burst: 1_000, perSecond: 1_000 },
      },
    })
    const login = await send(port, '127.0.0.1', '/api/users?crud=userlogin', {
      email: demo.email,
      password: demo.secret,
    })
    token = JSON.parse(login.body).jwt
  })
  afterAll(async () => {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('holds back the 429 of an address over its limit, the app’s answer to the byte', async () => {
    const first = await overLimit('127.0.0.20')
    const [byBody, byQuery] = await Promise.all([
      getdocs('127.0.0.20'),
      send(port, '127.0.0.20', '/api/users?crud=iduser', { email: 'someone@example.com' }),
    ])
    for (const refused of [first, byBody, byQuery]) {
      expect(refused.status).toBe(429)
      expect(refused.ms).toBeGreaterThanOrEqual(hold - 50)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50)
      expect(JSON.parse(refused.body)).toEqual({
        error: true,
        message: 'Too many requests right now. Please try again in a moment.',
      })
    }
    // The first refusal was the app's own (from the database); the later ones the gate's.
    const headersOf = (reply: Reply) => {
      const { date: _date, 'retry-after': _retry, 'x-request-id': id, ...rest } = reply.headers
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      return rest
    }
    expect(headersOf(byBody)).toEqual(headersOf(first))
    expect(headersOf(byQuery)).toEqual(headersOf(first))
  })

  it('answers everything else from that address at once: pages, signed-in calls', async () => {
    await overLimit('127.0.0.21')
    // Sent at the same moment as a call the gate holds back: each answer comes before it (a
    // race of order, not of milliseconds, so a busy machine does not decide it).
    const [page, statement, other, held] = await Promise.all([
      send(port, '127.0.0.21', '/wp-user/account/login'),
      send(port, '127.0.0.21', '/api/users', { action: 'getstatement', token }),
      getdocs('127.0.0.22'),
      getdocs('127.0.0.21'),
    ])
    expect(page.status).toBe(200)
    expect(statement.status).toBe(200)
    expect(JSON.parse(statement.body)).toMatchObject({ user: { fullname: 'Dana Morgan' } })
    expect(other.status).toBe(200)
    expect(held.status).toBe(429)
    expect(held.ms).toBeGreaterThanOrEqual(hold - 50)
    for (const reply of [page, statement, other]) expect(reply.ms).toBeLessThan(held.ms)
  })

  it('stops reading a held connection: a request sent behind a refused one waits its turn', async () => {
    await overLimit('127.0.0.23')
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.23' })
    const refusal =
      'POST /api/users?crud=iduser HTTP/1.1\r\nHost: portal\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20\r\n\r\nemail=a%40example.io'
    const began = performance.now()
    const answeredAt: number[] = []
    socket.on('data', (chunk: Buffer) => {
      for (const _ of chunk.toString('latin1').matchAll(/HTTP\/1\.1 429/g))
        answeredAt.push(performance.now() - began)
    })
    socket.write(refusal + refusal)
    await new Promise((resolve) => setTimeout(resolve, 2 * hold + 500))
    socket.destroy()
    expect(answeredAt).toHaveLength(2)
    expect(answeredAt[1]).toBeGreaterThanOrEqual(2 * hold - 50)
  })
})

describe('the flood gate’s own bounds', () => {
  let server: Server
  let port: number
  let gate: FloodGate
  const sockets: Socket[] = []
  const limits = { connectionsPerAddress: 3, holdMs: 300, heldPerAddress: 2, heldInAll: 3 }

  async function start(
    trustProxy: Parameters<typeof createFloodGate>[0]['trustProxy'],
    holdMs = limits.holdMs,
  ) {
    gate = await createFloodGate({
      // Every address is over its limit for every call.
      limits: { refusing: () => true, refusedFor: () => 60 },
      trustProxy,
      publicUrl: 'http://portal.test',
      now: () => new Date(),
      floodLimits: { ...limits, holdMs },
    })
    server = gate.attach(createServer(gate.wrap((_incoming, res) => res.end('passed on'))))
    port = await freePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  }
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy()
    gate.stop()
    await new Promise((resolve) => server.close(resolve))
  })

  /** A connection from `from`: 'open' once the server kept it a moment, else 'reset'. */
  function open(from: string): Promise<'open' | 'reset'> {
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress: from })
      sockets.push(socket)
      socket.on('error', () => resolve('reset'))
      socket.on('close', () => resolve('reset'))
      socket.on('connect', () => setTimeout(() => resolve('open'), 100))
    })
  }

  it('resets connections from one address beyond its cap, before any HTTP', async () => {
    await start({ hops: 0 })
    for (let i = 0; i < 3; i++) expect(await open('127.0.0.30')).toBe('open')
    expect(await open('127.0.0.30')).toBe('reset')
    expect(await open('127.0.0.31')).toBe('open')
    sockets[0]?.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await open('127.0.0.30')).toBe('open')
    expect(gate.counts().connectionsReset).toBe(1)
  })

  it('leaves the connection cap of a trusted proxy to the proxy', async () => {
    await start({ networks: ['127.0.0.0/8'] })
    for (let i = 0; i < 5; i++) expect(await open('127.0.0.32')).toBe('open')
  })

  it('holds a bounded number of refusals, per address and in all; beyond, answers at once', async () => {
    await start({ hops: 0 })
    const refused = (from: string) => send(port, from, '/api/users?crud=iduser', { email: 'a@b.c' })
    const first = [refused('127.0.0.33'), refused('127.0.0.33')]
    await new Promise((resolve) => setTimeout(resolve, 50))
    const [overAddress, other] = [refused('127.0.0.33'), refused('127.0.0.34')]
    await new Promise((resolve) => setTimeout(resolve, 50))
    const overAll = await refused('127.0.0.35')
    const replies = [...(await Promise.all(first)), await overAddress, await other, overAll]
    expect(replies.map((reply) => reply.status)).toEqual([429, 429, 429, 429, 429])
    const held = replies.map((reply) => reply.ms >= limits.holdMs - 20)
    expect(held).toEqual([true, true, false, true, false])
    expect(replies.map((reply) => reply.headers.connection)).toEqual([
      'keep-alive',
      'keep-alive',
      'close',
      'keep-alive',
      'close',
    ])
    expect(gate.counts()).toMatchObject({ held: 3, refusedAtOnce: 2, heldNow: 0 })
  })

  it('reads nothing more from a connection while its refusal is held', async () => {
    // A hold long beside the test's own pauses, so a busy machine's late timers cannot end it.
    const holdMs = 3_000
    await start({ hops: 0 }, holdMs)
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.37' })
    sockets.push(socket)
    const refusal =
      'POST /api/users?crud=iduser HTTP/1.1\r\nHost: portal\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\n\r\nemail=a'
    let answers = 0
    socket.on('data', (chunk: Buffer) => {
      answers += chunk.toString('latin1').match(/HTTP\/1\.1 429/g)?.length ?? 0
    })
    socket.write(refusal)
    await new Promise((resolve) => setTimeout(resolve, 100))
    socket.write(refusal)
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The second request sits unread in the kernel: only the first is held.
    expect(gate.counts()).toMatchObject({ held: 1, heldNow: 1 })
    await vi.waitFor(() => expect(answers).toBe(2), { timeout: 4 * holdMs, interval: 100 })
    expect(gate.counts()).toMatchObject({ held: 2, heldNow: 0 })
  })

  it('passes on what it cannot refuse from memory: other paths, calls with a session', async () => {
    await start({ hops: 0 })
    const page = await send(port, '127.0.0.36', '/wp-user/')
    const signedIn = await send(port, '127.0.0.36', '/api/users', { action: 'getstatement' })
    expect([page.body, signedIn.body]).toEqual(['passed on', 'passed on'])
  })
})

describe('the flood gate’s count of what an address has open', () => {
  it('caps each address, counts a refused open not at all, and frees a place on close', async () => {
    const open = openPerAddress('test', 2)
    expect([await open.open('a'), await open.open('a'), await open.open('a')]).toEqual([
      true,
      true,
      false,
    ])
    expect(await open.open('b')).toBe(true)
    open.close('a')
    expect([await open.open('a'), await open.open('a')]).toEqual([true, false])
  })

  it('forgets the addresses with nothing open every thousand closes, and only those', async () => {
    const open = openPerAddress('test', 2)
    await open.open('kept')
    await open.open('kept')
    for (let n = 0; n < 999; n++) {
      await open.open(`gone-${n}`)
      open.close(`gone-${n}`)
    }
    // The thousandth close sweeps: 'kept' stays, at its cap; the 999 others and 'last' go.
    await open.open('last')
    open.close('last')
    expect(open.addressesKept()).toBe(1)
    expect(await open.open('kept')).toBe(false)
    open.close('kept')
    expect(await open.open('kept')).toBe(true)
  })
})
