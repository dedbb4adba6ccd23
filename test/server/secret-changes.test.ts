import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifySecret } from '#server/auth/secrets'
import { users } from '#server/db/schema'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { lastMailTo } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('changing the passcode and the PIN on %s', (target) => {
  let t: TestApp
  let hosts = 0
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  /** Each test from its own address, so the per-address limit of one does not touch another. */
  async function signedIn(options: { pin?: string } = {}) {
    hosts++
    const from = t.from(`192.0.2.${hosts}`)
    const customer = await createCustomer(t, options)
    const login = await from.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    return { ...customer, from, token: login.body.jwt as string }
  }
  type SignedIn = Awaited<ReturnType<typeof signedIn>>
  /** Settings' call with the current, new and confirmation values. */
  const change = (
    customer: SignedIn,
    call: 'changePasscode' | 'changeTransferPin',
    [current, next, confirmation]: [string, string, string],
  ) => customer.from.action(call, { token: customer.token, current, next, confirmation })

  /** Lets `minutes` pass while the customer stays active (the session's idle limit is 5). */
  async function stayActive(token: string, minutes: number) {
    for (let passed = 0; passed < minutes; passed += 4) {
      t.clock.advance(Math.min(4, minutes - passed) * 60_000)
      expect((await t.action('keepAlive', { token })).status).toBe(200)
    }
  }
  const row = async (id: number) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0] as typeof users.$inferSelect

  it('changes the passcode and, when asked, ends every other session, not this one', async () => {
    const customer = await signedIn()
    const other = await customer.from.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    const answer = await customer.from.action('changePasscode', {
      token: customer.token,
      current: customer.passcode,
      next: '246810',
      confirmation: '246810',
      signOutOthers: 'on',
    })
    expect(answer.body).toEqual({
      status: true,
      message:
        'Your passcode has been changed. Every other device signed in to your account was signed out.',
    })
    expect((await t.action('hasTransferPin', { token: customer.token })).status).toBe(200)
    expect((await t.action('hasTransferPin', { token: other.body.jwt as string })).status).toBe(401)
    expect(await verifySecret((await row(customer.id)).passcodeHash, '246810')).toBe(true)
    expect((await lastMailTo(t.db, customer.email)).subject).toBe(
      'Meridian Bank: your passcode was changed',
    )
  })

  it('changes the passcode and leaves the other sessions when not asked to end them', async () => {
    const customer = await signedIn()
    const other = await customer.from.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    const answer = await change(customer, 'changePasscode', [customer.passcode, '975310', '975310'])
    expect(answer.body).toEqual({ status: true, message: 'Your passcode has been changed.' })
    expect((await t.action('hasTransferPin', { token: other.body.jwt as string })).status).toBe(200)
  })

  it('says Password Mismatch and checks nothing when new and confirmation differ', async () => {
    const customer = await signedIn()
    const answer = await change(customer, 'changePasscode', ['000000', '246810', '246811'])
    expect(answer.body).toEqual({ status: false, message: 'Password Mismatch' })
    expect((await row(customer.id)).failedLoginCount).toBe(0)
  })

  it('counts a wrong current passcode against the login lockout, telling the tries left and until when', async () => {
    const customer = await signedIn()
    const attempt = (current: string) =>
      change(customer, 'changePasscode', [current, '246810', '246810'])
    for (let left = 4; left >= 1; left--)
      expect((await attempt('000000')).body).toEqual({
        status: false,
        message: `The current passcode is wrong. ${left} attempt${left === 1 ? '' : 's'} left before a 15-minute block.`,
        attemptsLeft: left,
      })
    const blockedUntil = new Date(t.clock.now().getTime() + 15 * 60_000)
    const fifth = (await attempt('000000')).body
    expect(fifth).toEqual({
      status: false,
      message: 'Too many failed attempts. Try again in 15 minutes (at 10:15 UTC).',
      blockedUntil: blockedUntil.toISOString(),
    })
    // The right passcode is refused too, and login is blocked as well: one lockout.
    expect((await attempt(customer.passcode)).body.blockedUntil).toBe(blockedUntil.toISOString())
    expect(
      (await t.crud('signIn', { email: customer.email, password: customer.passcode })).body.message,
    ).toMatch(/^Too many failed attempts/)
    expect(await verifySecret((await row(customer.id)).passcodeHash, customer.passcode)).toBe(true)
    await stayActive(customer.token, 15)
    expect((await attempt(customer.passcode)).body.status).toBe(true)
  })

  it('refuses malformed passcodes with 400 naming the field', async () => {
    const customer = await signedIn()
    const answer = await change(customer, 'changePasscode', ['12345', '246810', '246810'])
    expect(answer).toEqual({
      status: 400,
      body: { error: true, message: 'Your current passcode must be 6 digits.' },
    })
    expect(
      (await t.action('changePasscode', { current: '1', next: '2', confirmation: '3' })).status,
    ).toBe(400)
    expect(
      (
        await t.action('changePasscode', {
          current: '111111',
          next: '222222',
          confirmation: '222222',
        })
      ).status,
    ).toBe(401)
  })

  it('changes the PIN with the current one, and e-mails the customer', async () => {
    const customer = await signedIn({ pin: '1234' })
    const answer = await change(customer, 'changeTransferPin', ['1234', '9876', '9876'])
    expect(answer.body).toEqual({ status: true, message: 'Your transaction PIN has been changed.' })
    expect(await verifySecret((await row(customer.id)).pinHash as string, '9876')).toBe(true)
    expect((await lastMailTo(t.db, customer.email)).subject).toBe(
      'Meridian Bank: your transaction PIN was changed',
    )
  })

  it("blocks the PIN after 5 wrong current PINs (the transfers' lockout), telling the tries left and until when", async () => {
    const customer = await signedIn({ pin: '1234' })
    const attempt = (current: string) =>
      change(customer, 'changeTransferPin', [current, '9876', '9876'])
    expect((await attempt('0000')).body).toEqual({
      status: false,
      message: 'The current PIN is wrong. 4 attempts left before a 30-minute block.',
      attemptsLeft: 4,
    })
    // A right PIN ends the run.
    t.clock.advance(1000)
    expect(
      (await change(customer, 'changeTransferPin', ['1234', '1234', '1234'])).body.status,
    ).toBe(true)
    for (let left = 4; left >= 1; left--)
      expect((await attempt('0000')).body.attemptsLeft).toBe(left)
    const fifth = (await attempt('0000')).body
    expect(fifth.status).toBe(false)
    expect(fifth.blockedUntil).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString())
    expect(fifth.message).toMatch(
      /^Too many failed attempts\. Try again in 30 minutes \(at \d\d:\d\d UTC\)\.$/,
    )
    expect((await attempt('1234')).body.status).toBe(false)
    expect(await verifySecret((await row(customer.id)).pinHash as string, '1234')).toBe(true)
    await stayActive(customer.token, 30)
    expect((await attempt('1234')).body.status).toBe(true)
  })

  it('answers a customer without a PIN, a mismatch and malformed PINs', async () => {
    const customer = await signedIn()
    expect((await change(customer, 'changeTransferPin', ['1234', '9876', '9876'])).body).toEqual({
      status: false,
      message: 'You have no transaction PIN yet. Create one first.',
    })
    expect((await change(customer, 'changeTransferPin', ['1234', '9876', '9875'])).body).toEqual({
      status: false,
      message: 'Password Mismatch',
    })
    const malformed = await change(customer, 'changeTransferPin', ['12a4', '9876', '9876'])
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Your current PIN must be 4 digits.')
  })
})
