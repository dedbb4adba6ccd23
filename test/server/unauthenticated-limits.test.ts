import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { hashingQueue, hashSecret, spendVerifyWork } from '#server/auth/secrets'
import type { Queryable } from '#server/db/database'
import { createRequestLimits, requestLimitsFor } from '#server/load/request-limits'
import { ClientOverLimit, ServerBusy } from '#server/load/server-busy'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

const signup = (n: number) => ({
  firstName: 'Flood',
  lastName: `Tester ${n}`,
  username: `flood_${n}_${Date.now()}`,
  email: `flood-${n}-${Date.now()}@example.com`,
  password: '135790',
  fullname: '',
})

const plenty = { burst: 1_000, perSecond: 1_000 }
/** `rate` for an address's own buckets, plenty for those of all addresses together. */
const ownLimits = (rate: { burst: number; perSecond: number }) => ({
  perAddress: rate,
  perServer: plenty,
  signupsPerAddress: rate,
  mailingGlobal: plenty,
})

describe('the hashing queue', () => {
  it('runs a bounded number of hashes at once and refuses work beyond its queue', async () => {
    const { concurrency, maxQueued } = hashingQueue.limits
    const outcomes = await Promise.allSettled(
      Array.from({ length: concurrency + maxQueued + 8 }, (_, i) => hashSecret(`secret-${i}`)),
    )
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(refused).toHaveLength(8)
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ServerBusy)
    expect(hashingQueue.busy()).toBe(0)
  })
})

describe.each(databaseTargets)('limits on calls without a session on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, {
      limits: {
        perAddress: { burst: 5, perSecond: 1 },
        perServer: { burst: 8, perSecond: 4 },
        signupsPerAddress: { burst: 3, perSecond: 1 / 600 },
        mailingGlobal: { burst: 1_000, perSecond: 1_000 },
      },
    })
  })
  afterAll(() => t.close())

  it('refuses an address over its rate with 429 and Retry-After, before any hashing', async () => {
    const from = t.from('198.51.100.7')
    await spendVerifyWork('warm up') // the one-time hash an unknown e-mail is checked against
    const before = hashingQueue.started()
    const answers = []
    for (let i = 0; i < 8; i++)
      answers.push(await from.crud('signIn', { email: 'nobody@example.com', password: '000000' }))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const refused = await t.app.request(
      '/api/users?crud=userlogin',
      { method: 'POST', body: new URLSearchParams({ email: 'nobody@example.com', password: '0' }) },
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    )
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(answers[5]?.body).toEqual({
      error: true,
      message: 'Too many requests right now. Please try again in a moment.',
    })
    expect(hashingQueue.started() - before).toBe(5)
    // Another address is not held back by this one.
    expect((await t.from('198.51.100.8').action('kycDocumentTypes')).status).toBe(200)
    t.clock.advance(5_000)
    expect((await from.action('kycDocumentTypes')).status).toBe(200)
  })

  it('limits calls without a session from all addresses together', async () => {
    t.clock.advance(60_000)
    const statuses = []
    for (let i = 0; i < 10; i++)
      statuses.push((await t.from(`192.0.2.${i + 1}`).action('kycDocumentTypes')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429])
  })

  it('guards each server on its own: two servers admit twice what one does, from all addresses', async () => {
    t.clock.advance(60_000)
    const other = createApp({ ...t.deps })
    const statuses = (app: typeof other, first: number) =>
      Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const response = await app.request(
            '/api/users',
            { method: 'POST', body: new URLSearchParams({ action: 'getdocs' }) },
            { incoming: { socket: { remoteAddress: `192.0.2.${first + i}` } } },
          )
          return response.status
        }),
      )
    const admitted = (answers: number[]) => answers.filter((status) => status === 200).length
    expect(admitted(await statuses(t.app, 100))).toBe(8)
    expect(admitted(await statuses(other, 150))).toBe(8)
  })

  it("sizes a server's guard by its cores, the same rate per core", () => {
    expect(requestLimitsFor(2).perServer).toEqual({ burst: 400, perSecond: 100 })
    expect(requestLimitsFor(8).perServer).toEqual({ burst: 1_600, perSecond: 400 })
    expect(requestLimitsFor(8).perAddress).toEqual(requestLimitsFor(2).perAddress)
    expect(requestLimitsFor(8).mailingGlobal).toEqual(requestLimitsFor(2).mailingGlobal)
  })

  it('limits signups and code resends per address more tightly', async () => {
    t.clock.advance(60_000)
    const from = t.from('203.0.113.50')
    const statuses = [
      (await from.crud('signUp', signup(1))).status,
      (await from.action('resendVerificationCode', { email: 'a@example.com' })).status,
      (await from.action('resendPasscodeResetCode', { email: 'b@example.com' })).status,
      (await from.crud('signUp', signup(2))).status,
    ]
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await from.crud('signIn', { email: 'x@example.com', password: '000000' })).status).toBe(
      200,
    )
    expect((await t.from('203.0.113.51').crud('signUp', signup(3))).status).toBe(200)
  })

  it('holds across servers on one database: they draw from the same buckets', async () => {
    t.clock.advance(60_000)
    // A second server: its own app and dispatcher over the same database.
    const other = createApp({ ...t.deps })
    const statuses = []
    for (let i = 0; i < 8; i++) {
      const app = i % 2 === 0 ? t.app : other
      const response = await app.request(
        '/api/users',
        { method: 'POST', body: new URLSearchParams({ action: 'getdocs' }) },
        { incoming: { socket: { remoteAddress: '198.51.100.99' } } },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
  })

  it('remembers a refusal: until the bucket could hold a token, refusals cost no statement', async () => {
    t.clock.advance(60_000)
    let writes = 0
    const counted = new Proxy(t.deps.db, {
      get(target, property, receiver) {
        if (property === 'insert') writes++
        return Reflect.get(target, property, receiver)
      },
    })
    const rate = { burst: 2, perSecond: 0.5 }
    const limits = createRequestLimits(counted, ownLimits(rate), t.clock.now)
    const admit = () => limits.admit('kycDocumentTypes', '198.51.100.123')
    await admit()
    await admit()
    await expect(admit()).rejects.toMatchObject({ retryAfterSeconds: 2 })
    const writesAtRefusal = writes
    for (let i = 0; i < 20; i++) await expect(admit()).rejects.toBeInstanceOf(ServerBusy)
    expect(writes).toBe(writesAtRefusal)
    // Two seconds on, the bucket holds a token again: the database is asked, and admits.
    t.clock.advance(2_000)
    await admit()
    expect(writes).toBeGreaterThan(writesAtRefusal)
  })
})

describe('limits kept in memory (the embedded database: one process, nothing to share)', () => {
  it('admit a burst, refuse with the wait, refill, and send no statement', async () => {
    const noDatabase = new Proxy(
      {},
      {
        get() {
          throw new Error('a statement was sent')
        },
      },
    ) as Queryable
    let at = 1_000_000
    const now = () => new Date(at)
    const rate = { burst: 2, perSecond: 0.5 }
    const limits = createRequestLimits(noDatabase, ownLimits(rate), now, { shared: false })
    const flooder = '198.51.100.7'
    await limits.admit('kycDocumentTypes', flooder)
    await limits.admit('kycDocumentTypes', flooder)
    await expect(limits.admit('kycDocumentTypes', flooder)).rejects.toBeInstanceOf(ClientOverLimit)
    await expect(limits.admit('kycDocumentTypes', flooder)).rejects.toMatchObject({
      retryAfterSeconds: 2,
    })
    expect(limits.refusing(flooder, now())).toBe(true)
    // Another address has its own bucket.
    await limits.admit('kycDocumentTypes', '198.51.100.8')
    // Two seconds on, one token is back: one call, then refused again.
    at += 2_000
    expect(limits.refusing(flooder, now())).toBe(false)
    await limits.admit('kycDocumentTypes', flooder)
    await expect(limits.admit('kycDocumentTypes', flooder)).rejects.toBeInstanceOf(ClientOverLimit)
  })
})

describe('the calls that send e-mail, from all addresses together', () => {
  it('are capped as one: a flood from many addresses cannot make the bank hash and send at will', async () => {
    let at = 1_000_000
    const now = () => new Date(at)
    const limits = createRequestLimits(
      {} as Queryable,
      {
        perAddress: plenty,
        perServer: plenty,
        signupsPerAddress: plenty,
        mailingGlobal: { burst: 2, perSecond: 1 },
      },
      now,
      { shared: false },
    )
    await limits.admit('signUp', '198.51.100.1')
    await limits.admit('resendPasscodeResetCode', '198.51.100.2')
    const third = limits.admit('resetPasscode', '198.51.100.3')
    await expect(third).rejects.toBeInstanceOf(ServerBusy)
    await expect(third).rejects.not.toBeInstanceOf(ClientOverLimit)
    // Other calls without a session go on; a second later, one more e-mail may go.
    await limits.admit('kycDocumentTypes', '198.51.100.4')
    at += 1_000
    await limits.admit('signUp', '198.51.100.5')
  })
})
