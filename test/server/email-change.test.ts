import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeLifetimeMs } from '#server/auth/one-time-codes'
import { users } from '#server/db/schema'
import { createCustomer, signedInCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { codeIn, lastMailTo, mailsTo, otherCode } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('changing the e-mail address on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  const signedIn = () => signedInCustomer(t)
  const emailOf = async (id: number) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]?.email

  it('sends a code to the new address; only that code changes it, and the old address is told', async () => {
    const customer = await signedIn()
    const newAddress = `New.${customer.id}@Example.com`
    const asked = await t.action('requestEmailChange', { token: customer.token, email: newAddress })
    const lowered = newAddress.toLowerCase()
    expect(asked.body).toEqual({
      status: true,
      message: `We have sent a 6-digit code to ${lowered}. Enter it to confirm your new address.`,
    })
    expect(await emailOf(customer.id)).toBe(customer.email)
    const code = codeIn(await lastMailTo(t.db, lowered))

    const wrong = await t.action('confirmEmailChange', {
      token: customer.token,
      code: otherCode(code),
    })
    expect(wrong.body.status).toBe(false)
    expect(await emailOf(customer.id)).toBe(customer.email)

    const confirmed = await t.action('confirmEmailChange', { token: customer.token, code })
    expect(confirmed.body).toEqual({
      status: true,
      message: 'Your e-mail address has been changed.',
      email: lowered,
    })
    expect(await emailOf(customer.id)).toBe(lowered)
    const told = await lastMailTo(t.db, customer.email)
    expect(told.subject).toBe('Meridian Bank: your e-mail address was changed')
    expect(told.textBody).toContain(`changed to n***@example.com`)
    // Used once; the new address logs in, the old one no longer does.
    expect(
      (await t.action('confirmEmailChange', { token: customer.token, code })).body.status,
    ).toBe(false)
    expect(
      (await t.crud('signIn', { email: lowered, password: customer.passcode })).body,
    ).toMatchObject({
      error: false,
    })
  })

  it('a change waiting for its code is still there after signing in again, until it is confirmed or its code dies', async () => {
    const customer = await signedIn()
    const profile = async (token: string) =>
      (await t.action('customerProfile', { token })).body.pendingEmail
    expect(await profile(customer.token)).toBeNull()
    const newAddress = `pending.${customer.id}@example.com`
    await t.action('requestEmailChange', { token: customer.token, email: newAddress })
    await t.action('signOut', { token: customer.token })
    const again = await t.login(customer.email, customer.passcode)
    expect(await profile(again)).toBe(newAddress)
    const code = codeIn(await lastMailTo(t.db, newAddress))
    await t.action('confirmEmailChange', { token: again, code })
    expect(await profile(again)).toBeNull()
    // A code that has run out leaves nothing pending.
    const other = await signedIn()
    await t.action('requestEmailChange', {
      token: other.token,
      email: `late.${other.id}@example.com`,
    })
    t.clock.advance(codeLifetimeMs)
    expect(await profile(await t.login(other.email, other.passcode))).toBeNull()
  })

  it('refuses the current address, a taken one and a malformed one', async () => {
    const customer = await signedIn()
    const other = await createCustomer(t)
    expect(
      (await t.action('requestEmailChange', { token: customer.token, email: customer.email })).body,
    ).toEqual({ status: false, message: 'This is already your e-mail address.' })
    expect(
      (await t.action('requestEmailChange', { token: customer.token, email: other.email })).body,
    ).toEqual({
      status: false,
      message: 'This e-mail address cannot be used. Please choose another.',
    })
    expect(await mailsTo(t.db, other.email)).toHaveLength(0)
    const malformed = await t.action('requestEmailChange', { token: customer.token, email: 'nope' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('The new e-mail address must look like name@example.com.')
    expect(
      (await t.action('confirmEmailChange', { token: customer.token, code: '12ab56' })).status,
    ).toBe(400)
    expect((await t.action('requestEmailChange', { email: 'x@example.com' })).status).toBe(401)
  })

  it("does not accept another customer's code, and sends no new code within 180 s", async () => {
    const first = await signedIn()
    const second = await signedIn()
    await t.action('requestEmailChange', {
      token: first.token,
      email: `first-${first.id}@example.com`,
    })
    const again = await t.action('requestEmailChange', {
      token: first.token,
      email: `first-${first.id}@example.com`,
    })
    expect(again.body).toEqual({
      status: false,
      message: 'Please wait 180 seconds before asking for a new code.',
    })
    const code = codeIn(await lastMailTo(t.db, `first-${first.id}@example.com`))
    const stolen = await t.action('confirmEmailChange', { token: second.token, code })
    expect(stolen.body.status).toBe(false)
    expect(await emailOf(second.id)).toBe(second.email)
    expect(await emailOf(first.id)).toBe(first.email)
  })

  it('refuses when the address was taken after the code was sent', async () => {
    const customer = await signedIn()
    const wanted = `wanted-${customer.id}@example.com`
    await t.action('requestEmailChange', { token: customer.token, email: wanted })
    const code = codeIn(await lastMailTo(t.db, wanted))
    await t.db
      .update(users)
      .set({ email: wanted })
      .where(eq(users.id, (await createCustomer(t)).id))
    expect((await t.action('confirmEmailChange', { token: customer.token, code })).body).toEqual({
      status: false,
      message: 'This e-mail address cannot be used. Please choose another.',
    })
    expect(await emailOf(customer.id)).toBe(customer.email)
  })
})
