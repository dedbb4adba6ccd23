import type { CallName } from '#api/contract'
import { ServerBusy } from './server-busy'

/** A token bucket: `burst` calls at once, refilled at `perSecond`. */
export interface Rate {
  burst: number
  perSecond: number
}

/**
 * Limits on calls without a session, checked before the call runs (so before any argon2id work):
 * per client address, for all addresses together, and tighter per address for the calls that
 * create accounts or send e-mail. Kept in memory, per server process.
 * See docs/decisions/021-unauthenticated-limits.md.
 */
export const defaultRequestLimits = {
  perAddress: { burst: 30, perSecond: 0.5 },
  global: { burst: 200, perSecond: 50 },
  signupsPerAddress: { burst: 10, perSecond: 10 / 3600 },
} satisfies Record<string, Rate>

export type RequestLimits = typeof defaultRequestLimits

const mailingCalls: ReadonlySet<CallName> = new Set<CallName>([
  'newuser',
  'resendconfirmcode',
  'resendforgotcode',
  'userforgot',
  'userforgotpin',
])

/** Buckets beyond this many are pruned of the ones that have refilled. */
const maxTrackedKeys = 50_000

function createBuckets(rate: Rate, nowMs: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const level = (key: string, now: number) => {
    const bucket = buckets.get(key)
    if (!bucket) return rate.burst
    return Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond)
  }
  return {
    /** 0 when the key may go ahead (a token is taken), else the seconds until it may. */
    take(key: string): number {
      const now = nowMs()
      const tokens = level(key, now)
      if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / rate.perSecond))
      if (buckets.size >= maxTrackedKeys)
        for (const [other] of buckets) if (level(other, now) >= rate.burst) buckets.delete(other)
      buckets.set(key, { tokens: tokens - 1, at: now })
      return 0
    },
  }
}

export function createRequestLimits(limits: RequestLimits, now: () => Date) {
  const nowMs = () => now().getTime()
  const perAddress = createBuckets(limits.perAddress, nowMs)
  const global = createBuckets(limits.global, nowMs)
  const signups = createBuckets(limits.signupsPerAddress, nowMs)
  return {
    /** Throws ServerBusy (429) when a call without a session from `address` is over a limit. */
    admit(call: CallName, address: string): void {
      const wait =
        perAddress.take(address) ||
        (mailingCalls.has(call) ? signups.take(address) : 0) ||
        global.take('all')
      if (wait > 0) throw new ServerBusy(wait)
    },
  }
}
