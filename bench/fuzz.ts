/**
 * `npm run bench:fuzz [-- <count>]`: sends <count> (default 100,000) arbitrary requests drawn from
 * the contract to the real app on a fresh embedded PGlite (or DATABASE_URL) and prints how many
 * answered 5xx (the goal is 0) with the first few of them. The test suite runs a few thousand.
 */
import fc from 'fast-check'
import { createCustomer } from '../test/server/support/customers'
import { type FuzzRequest, fuzzRequest, sendFuzzed } from '../test/server/support/fuzz-requests'
import { startTestApp } from '../test/server/support/test-app'

const total = Number(process.argv[2] ?? 100_000)
const batch = 1000
const t = await startTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite')
const verified = await createCustomer(t)
const kyc = await createCustomer(t, { verificationStatus: 'Not Verified' })
const userIds = { session: verified.id, kyc: kyc.id, notice: verified.id }

const statuses = new Map<number, number>()
const failures: { status: number; request: FuzzRequest }[] = []
const started = performance.now()
for (let done = 0; done < total; done += batch) {
  const requests = fc.sample(fuzzRequest, { numRuns: Math.min(batch, total - done), seed: done })
  for (const request of requests) {
    const status = await sendFuzzed(t, request, userIds)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
    if (status >= 500) failures.push({ status, request })
  }
  // The clock moves on so lockouts and code limits expire, as they would over real time.
  t.clock.advance(60 * 60_000)
}
const seconds = (performance.now() - started) / 1000
const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
console.log(`fuzz: ${total} requests in ${seconds.toFixed(1)} s (${counts.join(', ')})`)
console.log(`fuzz: ${failures.length} answered 5xx`)
for (const failure of failures.slice(0, 5))
  console.log(`  ${failure.status} ${JSON.stringify(failure.request)}`)
await t.close()
