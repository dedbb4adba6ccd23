import type { Queryable } from '../db/database'
import { schemaIsCurrent } from '../db/schema-migrations'

export type NotReadyReason = 'draining' | 'database' | 'schema'

export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason }

/** Longest a check waits for the database: a probe gets an answer, never a hang. */
const checkTimeoutMs = 1_000
/** How long an answer is reused: probes from every balancer, every second, cost one query. */
const reuseMs = 500

/**
 * Whether this server should get traffic: the database answers in time, its schema is at least
 * the one this build expects, and the server is not draining (stopping).
 */
export function createReadiness(options: { db: Queryable; now?: () => number }) {
  const now = options.now ?? (() => performance.now())
  let draining = false
  let last: { at: number; answer: Promise<Readiness> } | undefined

  async function checkDatabase(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), checkTimeoutMs)
    })
    try {
      const current = await Promise.race([schemaIsCurrent(options.db), timedOut])
      if (current === 'timeout') return { ready: false, reason: 'database' }
      return current ? { ready: true } : { ready: false, reason: 'schema' }
    } catch {
      return { ready: false, reason: 'database' }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** From now on not ready: a balancer stops sending new requests here. */
    drain() {
      draining = true
    },
    check(): Promise<Readiness> {
      if (draining) return Promise.resolve({ ready: false, reason: 'draining' })
      if (!last || now() - last.at >= reuseMs) last = { at: now(), answer: checkDatabase() }
      return last.answer
    },
  }
}

export type ReadinessCheck = ReturnType<typeof createReadiness>
