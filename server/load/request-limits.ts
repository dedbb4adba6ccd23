import os from 'node:os'
import { and, eq, like, type SQL, sql } from 'drizzle-orm'
import type { CallName } from '#api/contract'
import type { Queryable } from '../db/database'
import { requestBuckets } from '../db/schema'
import { ClientOverLimit, ServerBusy } from './server-busy'

/** A token bucket: `burst` calls at once, refilled at `perSecond`. */
export interface Rate {
  burst: number
  perSecond: number
}

/**
 * Limits on calls without a session, checked before the call runs (so before any argon2id work).
 * Per client address, and tighter per address for the calls that create accounts or send e-mail:
 * shared by every server (docs/decisions/021, 050). For all addresses together: per server,
 * sized by its CPU (`perServer`, docs/decisions/110), since argon2id on this server's cores is
 * what a flood of sign-ins spends; and, for the calls that send e-mail, one bank-wide bucket
 * (`mailingGlobal`), since the e-mail the bank sends is one budget however many servers run.
 */
export function requestLimitsFor(cores: number) {
  return {
    perAddress: { burst: 30, perSecond: 0.5 },
    /**
     * A sign-in is two calls and one argon2id verification (about 30 ms of a core at the
     * production cost): 25 sign-ins a second per core, leaving room for the rest of its work.
     */
    perServer: { burst: 200 * cores, perSecond: 50 * cores },
    signupsPerAddress: { burst: 10, perSecond: 10 / 3600 },
    /**
     * The calls that create accounts or send e-mail from all addresses together: what a flood
     * from many addresses can make the bank hash and send at once (docs/decisions/021).
     */
    mailingGlobal: { burst: 20, perSecond: 5 },
  } satisfies Record<string, Rate>
}

export const defaultRequestLimits = requestLimitsFor(os.availableParallelism())

export type RequestLimits = ReturnType<typeof requestLimitsFor>

const mailingCalls: ReadonlySet<CallName> = new Set<CallName>([
  'signUp',
  'resendVerificationCode',
  'resendPasscodeResetCode',
  'resetPasscode',
  'resetPin',
])

/** Every this many takes of a kind, this process prunes that kind's refilled buckets. */
const pruneEvery = 1_000

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** The bucket's tokens at `now`: what it held, refilled since, capped at the burst. */
const levelAt = (rate: Rate, now: Date): SQL<number> =>
  sql`LEAST(${rate.burst}::float8, ${requestBuckets.tokens} + GREATEST(0, EXTRACT(EPOCH FROM (${timestamp(now)} - ${requestBuckets.at}))) * ${rate.perSecond}::float8)`

/**
 * A bucket found empty cannot admit a call before it has refilled to one token: other servers
 * only take tokens, never add them. So this process refuses such a key from memory until then,
 * and a flood costs the database one statement per key, not one per request.
 */
function createRefusalMemo() {
  const until = new Map<string, number>()
  return {
    /** Seconds left of a remembered refusal of `key` at `now`, else 0. */
    secondsLeft(key: string, now: Date): number {
      const end = until.get(key)
      if (end === undefined) return 0
      if (end > now.getTime()) return Math.max(1, Math.ceil((end - now.getTime()) / 1000))
      until.delete(key)
      return 0
    },
    has(key: string, now: Date): boolean {
      const end = until.get(key)
      return end !== undefined && end > now.getTime()
    },
    remember(key: string, now: Date, seconds: number) {
      until.set(key, now.getTime() + seconds * 1000)
    },
    forgetEnded(now: Date) {
      for (const [key, end] of until) if (end <= now.getTime()) until.delete(key)
    },
  }
}

/**
 * The buckets of one kind in this process's memory: for the embedded database, which only one
 * process can open, so there is no other server to share them with and no statement to spend.
 * Same answers as the shared buckets below.
 */
function createMemoryBuckets(prefix: string, rate: Rate) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  let takes = 0
  const refused = createRefusalMemo()
  const levelOf = (bucket: { tokens: number; at: number }, at: number) =>
    Math.min(rate.burst, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * rate.perSecond)
  return {
    knownEmpty: (name: string, now: Date) => refused.has(`${prefix}${name}`, now),
    remembered: (name: string, now: Date) => refused.secondsLeft(`${prefix}${name}`, now),
    async take(name: string, now: Date): Promise<number> {
      const key = `${prefix}${name}`
      const at = now.getTime()
      if (++takes % pruneEvery === 0) {
        refused.forgetEnded(now)
        for (const [old, bucket] of buckets)
          if (levelOf(bucket, at) >= rate.burst) buckets.delete(old)
      }
      const bucket = buckets.get(key)
      const level = bucket ? levelOf(bucket, at) : rate.burst
      if (level >= 1) {
        buckets.set(key, { tokens: level - 1, at })
        return 0
      }
      const untilOneToken = (1 - level) / rate.perSecond
      refused.remember(key, now, untilOneToken)
      return Math.max(1, Math.ceil(untilOneToken))
    },
  }
}

type Buckets = ReturnType<typeof createMemoryBuckets>

function createBuckets(db: Queryable, prefix: string, rate: Rate): Buckets {
  let takes = 0
  const refused = createRefusalMemo()
  const prune = (now: Date) =>
    db
      .delete(requestBuckets)
      .where(
        and(like(requestBuckets.key, `${prefix}%`), sql`${levelAt(rate, now)} >= ${rate.burst}`),
      )
  return {
    /** Whether this process knows the bucket of `name` is empty at `now` (no statement). */
    knownEmpty: (name: string, now: Date) => refused.has(`${prefix}${name}`, now),
    /** Seconds left of a remembered refusal of `name`, else 0 (no statement). */
    remembered: (name: string, now: Date) => refused.secondsLeft(`${prefix}${name}`, now),
    /**
     * 0 when the key may go ahead (a token is taken), else the seconds until it may. One atomic
     * statement, so parallel calls on any server never take more tokens than there are.
     */
    async take(name: string, now: Date): Promise<number> {
      const key = `${prefix}${name}`
      const remembered = refused.secondsLeft(key, now)
      if (remembered > 0) return remembered
      if (++takes % pruneEvery === 0) {
        refused.forgetEnded(now)
        await prune(now)
      }
      const level = levelAt(rate, now)
      const taken = await db
        .insert(requestBuckets)
        .values({ key, tokens: rate.burst - 1, at: now })
        .onConflictDoUpdate({
          target: requestBuckets.key,
          set: { tokens: sql`${level} - 1`, at: now },
          setWhere: sql`${level} >= 1`,
        })
        .returning({ tokens: requestBuckets.tokens })
      if (taken.length > 0) return 0
      const [row] = await db
        .select({ level })
        .from(requestBuckets)
        .where(eq(requestBuckets.key, key))
      const untilOneToken = (1 - Number(row?.level ?? 0)) / rate.perSecond
      refused.remember(key, now, untilOneToken)
      return Math.max(1, Math.ceil(untilOneToken))
    },
  }
}

/**
 * The limits on calls without a session. `shared` (the default): the per-address and e-mail
 * buckets live in the database, so every server on it counts against the same ones (050); false
 * for a database only this process opens (the embedded one), where they live in memory and cost
 * no statement. The per-server bucket is always this process's own.
 */
export function createRequestLimits(
  db: Queryable,
  limits: RequestLimits,
  now: () => Date,
  options: { shared?: boolean } = {},
) {
  const buckets = (prefix: string, rate: Rate) =>
    options.shared === false ? createMemoryBuckets(prefix, rate) : createBuckets(db, prefix, rate)
  const perAddress = buckets('address:', limits.perAddress)
  const perServer = createMemoryBuckets('server', limits.perServer)
  const signups = buckets('signup:', limits.signupsPerAddress)
  const mailing = buckets('mailing', limits.mailingGlobal)
  return {
    /**
     * Throws ServerBusy (429) when a call without a session from `address` is over a limit:
     * ClientOverLimit when it is over its own (per address or signups), not this server's or
     * the bank's.
     */
    async admit(call: CallName, address: string): Promise<void> {
      const at = now()
      const own =
        (await perAddress.take(address, at)) ||
        (mailingCalls.has(call) ? await signups.take(address, at) : 0)
      if (own > 0) throw new ClientOverLimit(own)
      const wait =
        (await perServer.take('', at)) || (mailingCalls.has(call) ? await mailing.take('', at) : 0)
      if (wait > 0) throw new ServerBusy(wait)
    },
    // What the flood gate (flood-gate.ts) knows without a statement.
    refusing: (address: string, at: Date) =>
      perAddress.knownEmpty(address, at) || signups.knownEmpty(address, at),
    refusedFor: (call: CallName, address: string, at: Date) =>
      perAddress.remembered(address, at) ||
      (mailingCalls.has(call) ? signups.remembered(address, at) : 0),
  }
}

export type RequestLimiter = ReturnType<typeof createRequestLimits>
