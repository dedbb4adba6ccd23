import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callNames, calls } from '#api/contract'
import { createCustomer } from './support/customers'
import { edgeRequest, fuzzRequest, sendFuzzed, sendFuzzedFor } from './support/fuzz-requests'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Enough to walk every call many times (about 25 each) within the test's two minutes on a loaded
 * machine; `npm run bench:fuzz` runs 100,000.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 2000)
/** The wire's own words no customer should read: call names, wire markers and snake_case field names. */
const wireWords = new Set<string>([
  ...callNames,
  ...callNames.map((name) => calls[name].wire),
  'idempotency_key',
  'tx_hash',
  'depositPic',
  'fixedDepositPic',
  'act_no',
  'act_hold_name',
])

/** Requests that reach the handlers with a field's edge cases (issue 22); slower, so fewer. */
const edgeRuns = Math.ceil(runs / 8)

describe('the endpoint under arbitrary requests (PGlite)', () => {
  let t: TestApp
  let userIds: { session: number; kyc: number; notice: number }
  beforeAll(async () => {
    t = await startTestApp('pglite')
    const verified = await createCustomer(t)
    const kyc = await createCustomer(t, { verificationStatus: 'Not Verified' })
    userIds = { session: verified.id, kyc: kyc.id, notice: verified.id }
  })
  afterAll(() => t.close())

  it(`answers no 5xx to ${runs} arbitrary requests drawn from the contract`, async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (request) => {
        const status = await sendFuzzed(t, request, userIds)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        expect(status, JSON.stringify(request)).toBeLessThan(500)
      }),
      { numRuns: runs },
    )
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
    console.log(`contract fuzz: ${runs} requests, 0 answered 5xx (${counts.join(', ')})`)
    expect(t.logLines.filter((line) => line.includes('"level":50'))).toEqual([])
  }, 120_000)

  it(`answers no 5xx to ${edgeRuns} well-formed requests with forged cursors, impossible dates and huge amounts`, async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(edgeRequest, async (request) => {
        const { status, message } = await sendFuzzedFor(t, request, userIds)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        expect(status, JSON.stringify(request)).toBeLessThan(500)
        // A well-formed form's refusal is the customer's: sentences, no call or wire field.
        if (status === 400) {
          expect(message, JSON.stringify(request)).toMatch(/^[A-Z].*\.$/)
          for (const word of message?.split(/[^\w]+/) ?? [])
            expect(wireWords.has(word), `${message}`).toBe(false)
        }
      }),
      { numRuns: edgeRuns },
    )
    expect(statuses.get(200)).toBeGreaterThan(0)
    expect(statuses.get(400)).toBeGreaterThan(0)
    expect(t.logLines.filter((line) => line.includes('"level":50'))).toEqual([])
  }, 120_000)
})
