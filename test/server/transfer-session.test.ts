import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availableBalanceOf, customerAccountCode } from '#server/db/ledger'
import { transfers } from '#server/db/schema'
import { bothDatabases } from './support/databases'
import { codeIn, lastMailTo } from './support/mailbox'
import { jane, newKey, payingCustomer, transferFields } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'

const minute = 60_000
const sessionEnded = { error: true, message: 'Your session has ended. Please log in again.' }

/** `newtrs` checks the session as every signed-in call does, before its work (the dispatcher). */
describe.each(bothDatabases)('a transfer’s session check on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof payingCustomer>>
  async function authorize(c: Customer, token: string, amount: string) {
    const pin = await t.action('confirmTransferPin', {
      token,
      pin: '2468',
      ...transferFields(amount),
    })
    const authorization = pin.body.authorization as string
    if (pin.body.stepUp) {
      const code = codeIn(await lastMailTo(t.db, c.email))
      await t.action('confirmTransferCode', {
        token,
        pin: code,
        authorization,
        amount,
        swiftCode: jane.swiftCode,
        accountNumber: jane.accountNumber,
      })
    }
    return authorization
  }
  const send = (token: string, authorization: string, amount: string) =>
    t.action('submitTransfer', {
      token,
      ...transferFields(amount),
      authorization,
      idempotencyKey: newKey(),
    })
  const sent = async (c: Customer) =>
    (await t.db.select().from(transfers).where(eq(transfers.userId, c.id))).length

  it('counts as activity, as every signed-in call does', async () => {
    const c = await payingCustomer(t, 10_000)
    const first = await authorize(c, c.token, '1.00')
    t.clock.advance(minute)
    expect((await send(c.token, first, '1.00')).body.icon).toBe('success')
    const second = await authorize(c, c.token, '1.00')
    t.clock.advance(4 * minute)
    expect((await send(c.token, second, '1.00')).body.icon).toBe('success')
    t.clock.advance(4 * minute)
    expect((await t.action('unreadCount', { token: c.token })).status).toBe(200)
  })

  it('answers 401 and writes nothing for a session idle too long or logged out', async () => {
    const c = await payingCustomer(t, 10_000)
    const warm = await authorize(c, c.token, '1.00')
    expect((await send(c.token, warm, '1.00')).body.icon).toBe('success')
    const idle = await authorize(c, c.token, '2.00')
    t.clock.advance(5 * minute + 1)
    expect(await send(c.token, idle, '2.00')).toEqual({ status: 401, body: sessionEnded })
    expect(await availableBalanceOf(t.db, customerAccountCode(c.id))).toBe(9_900)
    expect(await sent(c)).toBe(1)

    const token = await t.login(c.email, c.passcode)
    // The authorisation was not used: it pays under the new session.
    expect((await send(token, idle, '2.00')).body.icon).toBe('success')
    const after = await authorize(c, token, '3.00')
    expect((await t.action('signOut', { token })).body).toEqual({ status: true })
    expect(await send(token, after, '3.00')).toEqual({ status: 401, body: sessionEnded })
    expect(await send(token, after, '0')).toEqual({ status: 401, body: sessionEnded })
    expect(await sent(c)).toBe(2)
    expect(await availableBalanceOf(t.db, customerAccountCode(c.id))).toBe(9_700)
  })
})
