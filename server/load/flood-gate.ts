import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { Hono } from 'hono'
import { type CallName, calls, isCallName } from '#api/contract'
import {
  addressBucket,
  clientAddressFrom,
  isTrustedProxy,
  networkList,
  type TrustProxy,
} from '../auth/client-address'
import { securityHeaders } from '../http/security-headers'
import type { Logger } from '../logging/logger'
import { bodyLimits } from './body-limits'
import { ServerBusy } from './server-busy'

/**
 * What a client address over its limit costs the server, and how long it waits. See
 * docs/decisions/057-flood-gate.md for why these figures.
 */
export const floodLimits = {
  /**
   * Open connections from one address (an IPv6 /64), counted at the TCP level; more are reset
   * before any HTTP is read. Not applied to trusted proxies (TRUST_PROXY): that is their job.
   * High because a shared NAT address carries many customers, each browser with up to 6.
   */
  connectionsPerAddress: 256,
  /** How long the 429 of a request from an address over its limit is held back. */
  holdMs: 1_000,
  /** Requests held at once from one address (no more than the connections it may open). */
  heldPerAddress: 256,
  /** Requests held at once in all; beyond, the 429 goes at once and the connection is closed. */
  heldInAll: 4_096,
}
export type FloodLimits = typeof floodLimits

/** The per-process memory of refusals the gate reads (from `createRequestLimits`). */
export interface RefusalMemory {
  /** Whether an address's own buckets (not the global one) are known empty now. */
  refusing(address: string, now: Date): boolean
  /** Seconds left of a known refusal of `call` from `address` by its own buckets, else 0. */
  refusedFor(call: CallName, address: string, now: Date): number
}

/** Pipelined requests held on one connection; beyond, answered at once and the connection closed. */
const heldPerConnection = 8

interface Held {
  socket: Socket
  key: string
}

/**
 * Node's http server reads a socket's libuv handle from C++, and resumes the socket whenever a
 * request's body has been read, so pause() alone does not stop it. It pauses a socket itself
 * (pipelined requests piling up) by flagging it `_paused` (then nothing resumes it and its
 * parser is paused) and stopping the handle; this does the same, and undoes it as node does.
 */
interface NodeSocket {
  _paused?: boolean
  parser?: { resume(): void } | null
  _handle?: { reading?: boolean; readStop?: () => number; readStart?: () => number } | null
}

function stopReading(socket: Socket) {
  const internals = socket as unknown as NodeSocket
  internals._paused = true
  socket.pause()
  const handle = internals._handle
  if (handle?.readStop) {
    handle.reading = false
    handle.readStop()
  }
}

function startReading(socket: Socket) {
  const internals = socket as unknown as NodeSocket
  if (socket.destroyed) return
  internals._paused = false
  internals.parser?.resume()
  const handle = internals._handle
  if (handle?.readStart) {
    handle.reading = true
    handle.readStart()
  }
  socket.resume()
}

/**
 * In front of the app: refuses the requests of an address over its limit from memory (no body
 * beyond a small form read, no database, no JSON built), holds their 429s back so that a client
 * sending as fast as it is answered is answered slowly, and stops reading their connections
 * while they wait; caps the connections one address may open. Everyone else's requests go
 * straight on, at the cost of one map lookup.
 */
export async function createFloodGate(options: {
  limits: RefusalMemory
  trustProxy: TrustProxy
  publicUrl: string
  now: () => Date
  logger?: Logger
  floodLimits?: FloodLimits
}) {
  const limits = options.floodLimits ?? floodLimits
  const trust = options.trustProxy
  const trusted = 'networks' in trust ? networkList(trust.networks) : null
  const busy = await busyAnswer(options.publicUrl)
  const connections = new Map<string, number>()
  const heldBy = new Map<string, number>()
  const held = new Set<Held>()
  /** When the last held answer on a connection goes: requests sent behind it wait their turn. */
  const answersFrom = new WeakMap<Socket, number>()
  const heldOn = new WeakMap<Socket, number>()
  const counts = { held: 0, refusedAtOnce: 0, connectionsReset: 0 }
  let reported = { ...counts }

  const countDown = (map: Map<string, number>, key: string) => {
    const n = (map.get(key) ?? 1) - 1
    if (n > 0) map.set(key, n)
    else map.delete(key)
  }

  /**
   * Pauses reading `socket` and calls `answer` after holdMs (not at all if it closes first).
   * False, and nothing held, when the holding bounds are reached.
   */
  function hold(socket: Socket, key: string, answer: () => void): boolean {
    const onSocket = heldOn.get(socket) ?? 0
    if (
      held.size >= limits.heldInAll ||
      (heldBy.get(key) ?? 0) >= limits.heldPerAddress ||
      onSocket >= heldPerConnection
    )
      return false
    heldOn.set(socket, onSocket + 1)
    const entry = { socket, key }
    held.add(entry)
    heldBy.set(key, (heldBy.get(key) ?? 0) + 1)
    counts.held++
    stopReading(socket)
    // Requests that came in one read behind a held one (pipelined) are held one after another.
    const at = Math.max(performance.now(), answersFrom.get(socket) ?? 0) + limits.holdMs
    answersFrom.set(socket, at)
    const release = () => {
      clearTimeout(timer)
      socket.off('close', release)
      held.delete(entry)
      countDown(heldBy, key)
      heldOn.set(socket, (heldOn.get(socket) ?? 1) - 1)
    }
    const timer = setTimeout(() => {
      release()
      startReading(socket)
      answer()
    }, at - performance.now())
    socket.once('close', release)
    return true
  }

  function clientKey(incoming: IncomingMessage): string {
    const forwarded = incoming.headers['x-forwarded-for']
    return addressBucket(
      clientAddressFrom(
        incoming.socket.remoteAddress ?? null,
        Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
        trust,
        trusted,
      ),
    )
  }

  function refuse(key: string, seconds: number, incoming: IncomingMessage, res: ServerResponse) {
    const answer = () => {
      if (res.destroyed) return
      res.writeHead(429, [...busy.headers, 'retry-after', String(seconds)])
      res.end(busy.body)
    }
    if (!hold(incoming.socket, key, answer)) {
      counts.refusedAtOnce++
      res.shouldKeepAlive = false
      answer()
    }
  }

  /** The call a POST to the API names, from its query or its small form body; null if unsure. */
  function callOf(incoming: IncomingMessage, body: Buffer | null): CallName | null {
    const url = incoming.url ?? ''
    const query = url.indexOf('?')
    const path = query < 0 ? url : url.slice(0, query)
    if (path !== '/api/users') return null
    const crud = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('crud')
    const name = crud ?? (body ? new URLSearchParams(body.toString('latin1')).get('action') : null)
    return name !== null && isCallName(name) ? name : null
  }

  /** A form small enough to read here: with a Content-Length within the form limit. */
  function smallForm(incoming: IncomingMessage): boolean {
    const type = incoming.headers['content-type'] ?? ''
    const length = Number(incoming.headers['content-length'] ?? Number.NaN)
    return (
      /^application\/x-www-form-urlencoded\b/i.test(type) &&
      Number.isInteger(length) &&
      length <= bodyLimits.formBytes
    )
  }

  function wrap(next: RequestListener): RequestListener {
    return (incoming, res) => {
      if (incoming.method !== 'POST') return next(incoming, res)
      const key = clientKey(incoming)
      if (!options.limits.refusing(key, options.now())) return next(incoming, res)
      const refusedFor = (body: Buffer | null) => {
        const call = callOf(incoming, body)
        if (call === null || calls[call].access !== 'public') return 0
        return options.limits.refusedFor(call, key, options.now())
      }
      const byQuery = refusedFor(null)
      if (byQuery > 0) return refuse(key, byQuery, incoming, res)
      if (!smallForm(incoming)) return next(incoming, res)
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.once('end', () => {
        const body = Buffer.concat(chunks)
        const seconds = refusedFor(body)
        if (seconds > 0)
          return refuse(key, seconds, incoming, res)
          // Not refused (a signed-in call, say): on to the app, which reads the body from here.
        ;(incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = body
        next(incoming, res)
      })
    }
  }

  function onConnection(socket: Socket) {
    const peer = socket.remoteAddress ?? null
    if (peer === null || isTrustedProxy(peer, trust, trusted)) return
    const key = addressBucket(peer)
    const open = (connections.get(key) ?? 0) + 1
    if (open > limits.connectionsPerAddress) {
      counts.connectionsReset++
      socket.resetAndDestroy()
      return
    }
    connections.set(key, open)
    socket.once('close', () => countDown(connections, key))
  }

  // One line a minute while the gate refuses, not one per request.
  const report = setInterval(() => {
    if (
      counts.held === reported.held &&
      counts.refusedAtOnce === reported.refusedAtOnce &&
      counts.connectionsReset === reported.connectionsReset
    )
      return
    options.logger?.warn(
      {
        held: counts.held - reported.held,
        refusedAtOnce: counts.refusedAtOnce - reported.refusedAtOnce,
        connectionsReset: counts.connectionsReset - reported.connectionsReset,
      },
      'flood gate: refusing clients over their limits (counts of the last minute)',
    )
    reported = { ...counts }
  }, 60_000)
  report.unref()

  return {
    /** The HTTP request listener with the gate in front of `next` (the app's). */
    wrap,
    /** Puts the per-address connection cap on `server`, before its HTTP parsing. */
    attach<S extends Server>(server: S): S {
      server.prependListener('connection', onConnection)
      return server
    },
    /**
     * Holds back the app's own refusal of an address over its limit (a request the gate could
     * not refuse itself, such as a multipart body): resolves true after holdMs, or false at
     * once when the holding bounds are reached (the connection should then be closed).
     */
    holdRefusal(incoming: IncomingMessage | undefined): Promise<boolean> {
      const socket = incoming?.socket
      if (!incoming || !socket || typeof socket.pause !== 'function') return Promise.resolve(true)
      return new Promise((resolve) => {
        if (!hold(socket, clientKey(incoming), () => resolve(true))) {
          counts.refusedAtOnce++
          resolve(false)
        }
      })
    },
    counts: () => ({ ...counts, heldNow: held.size }),
    stop() {
      clearInterval(report)
      for (const { socket } of held) socket.destroy()
    },
  }
}

export type FloodGate = Awaited<ReturnType<typeof createFloodGate>>

/** The 429 the app itself answers to a client over its limit (security headers and all). */
async function busyAnswer(publicUrl: string): Promise<{ headers: string[]; body: Buffer }> {
  const message = new ServerBusy(1).message
  const probe = new Hono()
  probe.use(securityHeaders({ publicUrl }))
  probe.post('/api/users', (c) => c.json({ error: true, message }, 429))
  const answer = await probe.request('/api/users', { method: 'POST' })
  const body = Buffer.from(await answer.arrayBuffer())
  const headers = [...answer.headers, ['content-length', String(body.length)]].flat()
  return { headers, body }
}
