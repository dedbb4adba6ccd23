import pLimit from 'p-limit'
import { ServerBusy } from '../load/server-busy'

/**
 * Every argon2id hash and verification waits its turn here. argon2 runs on libuv's thread pool
 * (4 threads), which file reads share: running at most 2 at once keeps threads free for static
 * files and cheap calls, and a full queue refuses new work (429) instead of growing without end.
 * See docs/decisions/021-unauthenticated-limits.md.
 */
export function createHashingQueue(limits: { concurrency: number; maxQueued: number }) {
  const limit = pLimit(limits.concurrency)
  let started = 0
  return {
    limits,
    run<T>(work: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= limits.maxQueued) return Promise.reject(new ServerBusy(1))
      return limit(() => {
        started++
        return work()
      })
    },
    /** Hashes running or waiting. */
    busy: () => limit.activeCount + limit.pendingCount,
    /** Hashes started since the process began (for tests and benchmarks). */
    started: () => started,
  }
}
