import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { Hono } from 'hono'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { type CallName, callByWire, calls } from '#api/contract'
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
import { NodeSocketInternalsChanged, startReading, stopReading } from './node-socket-internals'
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

/** Every this many closes, a per-address count drops the addresses with nothing open. */
const sweepEvery = 1_000

/**
 * What an address has open at once (connections, held refusals), capped per address: a
 * rate-limiter-flexible memory limiter used as a counter (duration 0: points never expire), a
 * point consumed when one opens and given back when it closes. Its memory store changes a count
 * when called and answers a moment later (a promise). An address back at nothing open is
 * dropped every `sweepEvery` closes, read and deleted in one synchronous pass, so no open can
 * come between (deleting on each close, after the answer, could drop an open made meanwhile).
 */
export function openPerAddress(name: string, cap: number) {
  const limiter = new RateLimiterMemory({ keyPrefix: name, points: cap, duration: 0 })
  let closes = 0
  return {
    /** Counts one more open for `key` and resolves true; at the cap, counts nothing: false. */
    open: (key: string): Promise<boolean> =>
      limiter.consume(key).then(
        () => true,
        (refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) throw refusal
          void limiter.reward(key)
          return false
        },
      ),
    close(key: string) {
      void limiter.reward(key)
      if (++closes % sweepEvery !== 0) return
      for (const { key: address, value } of limiter.dump().storage)
        if (value <= 0) void limiter.delete(address)
    },
    /** How many addresses the count keeps in memory (those with something open, and more). */
    addressesKept: () => limiter.dump().storage.length,
  }
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
  const connectionsBy = openPerAddress('flood-gate-connections', limits.connectionsPerAddress)
  const heldBy = openPerAddress('flood-gate-held', limits.heldPerAddress)
  const held = new Set<Held>()
  /** When the last held answer on a connection goes: requests sent behind it wait their turn. */
  const answersFrom = new WeakMap<Socket, number>()
  const heldOn = new WeakMap<Socket, number>()
  const counts = { held: 0, refusedAtOnce: 0, connectionsReset: 0 }
  let reported = { ...counts }
  let internalsChanged = false

  /**
   * Stops or starts reading `socket` (node-socket-internals.ts). On a Node whose internals
   * moved: the public pause() and resume() (node's http server undoes the pause once the request
   * is read, so requests pipelined behind a held one are read, up to `heldPerConnection`), and
   * one error in the log.
   */
  function reading(socket: Socket, on: boolean) {
    try {
      if (on) startReading(socket)
      else stopReading(socket)
    } catch (error) {
      if (!(error instanceof NodeSocketInternalsChanged)) throw error
      if (on) socket.resume()
      else socket.pause()
      if (internalsChanged) return
      internalsChanged = true
      options.logger?.error({ err: error }, 'flood gate: held connections are read again')
    }
  }

  /**
   * Pauses reading `socket` and calls `answer` after holdMs (not at all if it closes first).
   * Resolves false, and nothing held, when the holding bounds are reached.
   */
  async function hold(socket: Socket, key: string, answer: () => void): Promise<boolean> {
    const onSocket = heldOn.get(socket) ?? 0
    if (held.size >= limits.heldInAll || onSocket >= heldPerConnection) return false
    // Taken at once, so that the requests read in the same chunk (pipelined) count this one.
    heldOn.set(socket, onSocket + 1)
    const entry = { socket, key }
    held.add(entry)
    const unheld = () => {
      held.delete(entry)
      heldOn.set(socket, (heldOn.get(socket) ?? 1) - 1)
    }
    if (!(await heldBy.open(key))) {
      unheld()
      return false
    }
    if (socket.destroyed) {
      // Closed while the count answered: nothing to hold, nothing to answer.
      unheld()
      heldBy.close(key)
      return true
    }
    const release = () => {
      clearTimeout(timer)
      socket.off('close', release)
      unheld()
      heldBy.close(key)
    }
    counts.held++
    reading(socket, false)
    // Requests that came in one read behind a held one (pipelined) are held one after another.
    const at = Math.max(performance.now(), answersFrom.get(socket) ?? 0) + limits.holdMs
    answersFrom.set(socket, at)
    const timer = setTimeout(() => {
      release()
      reading(socket, true)
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
    const answer = (close: boolean) => {
      if (res.destroyed) return
      // Like every answer, one id of its own (http/request-ids.ts), though the app never sees it.
      const headers = [
        ...busy.headers,
        'retry-after',
        String(seconds),
        'x-request-id',
        randomUUID(),
      ]
      res.writeHead(429, close ? [...headers, 'connection', 'close'] : headers)
      res.end(busy.body)
    }
    void hold(incoming.socket, key, () => answer(false)).then((held) => {
      if (held) return
      counts.refusedAtOnce++
      answer(true)
    })
  }

  /** The call a POST to the API names, from its query or its small form body; null if unsure. */
  function callOf(incoming: IncomingMessage, body: Buffer | null): CallName | null {
    const url = incoming.url ?? ''
    const query = url.indexOf('?')
    const path = query < 0 ? url : url.slice(0, query)
    if (path !== '/api/users') return null
    const crud = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('crud')
    const name = crud ?? (body ? new URLSearchParams(body.toString('latin1')).get('action') : null)
    return name === null ? null : (callByWire(name) ?? null)
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
    // Answered before node reads anything from the socket (reads wait for the next turn of the
    // event loop), so a connection over the cap is reset before any HTTP is read.
    void connectionsBy.open(key).then((opened) => {
      if (!opened) {
        counts.connectionsReset++
        socket.resetAndDestroy()
      } else if (socket.destroyed) connectionsBy.close(key)
      else socket.once('close', () => connectionsBy.close(key))
    })
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
        void hold(socket, clientKey(incoming), () => resolve(true)).then((held) => {
          if (held) return
          counts.refusedAtOnce++
          resolve(false)
        })
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
