import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressLimit } from '#server/auth/failure-log'
import { codeLifetimeMs, resendIntervalMs } from '#server/auth/one-time-codes'
import { verifySecret } from '#server/auth/secrets'
import { secretLockouts, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { lastMailTo, linkIn, mailsTo, otherCode } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const pending = demoCredentials[1]
const invalidCode =
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.'
const linkSent =
  'We have sent a link to reset your PIN to your registered email address. Please check your inbox.'
const sessionEnded = 'Your session has ended. Please log in again.'

describe.each(databaseTargets)('forgot PIN on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())
  // In-process calls share one client address; start each test with that address's count empty.
  beforeEach(() => t.clock.advance(addressLimit.windowMs))

  const requestLink = (token?: string) =>
    t.crud('resetPin', token ? { action: 'code', token } : { action: 'code' })
  const reset = (email: string, code: string, pin = '8642') =>
    t.crud('resetPin', { action: 'reset', email, resetCode: code, newSecret: pin })

  /** The code inside the newest PIN reset link sent to `email`. */
  async function linkCode(email: string) {
    const link = linkIn(await lastMailTo(t.db, email))
    const prefix = `http://portal.test/wp-user/account/resetpin/r/${encodeURIComponent(email)}/`
    expect(link.startsWith(prefix)).toBe(true)
    const code = link.slice(prefix.length)
    expect(code).toMatch(/^\d{6}$/)
    return code
  }

  const pinHashOf = async (userId: number) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]?.pinHash ?? ''

  it('refuses a link request without a signed-in session with 401', async () => {
    expect(await requestLink()).toEqual({
      status: 401,
      body: { error: true, message: sessionEnded },
    })
    expect(await requestLink('made-up-token')).toEqual({
      status: 401,
      body: { error: true, message: sessionEnded },
    })
    const kycToken = (await t.crud('signIn', { email: pending.email, password: pending.secret }))
      .body.jwt as string
    expect((await requestLink(kycToken)).status).toBe(401)
    const customer = await createCustomer(t, { pin: '1234' })
    const token = await t.login(customer.email, customer.passcode)
    await t.action('signOut', { token })
    expect((await requestLink(token)).status).toBe(401)
    expect(await mailsTo(t.db, customer.email)).toEqual([])
  })

  it('e-mails a signed-in customer a reset link, no sooner than 180 s after the last', async () => {
    const customer = await createCustomer(t, { pin: '1234' })
    const token = await t.login(customer.email, customer.passcode)
    expect((await requestLink(token)).body).toEqual({ icon: 'success', message: linkSent })
    const mail = await lastMailTo(t.db, customer.email)
    expect(mail.subject).toBe('Meridian Bank: reset your transaction PIN')
    const code = await linkCode(customer.email)
    expect(mail.htmlBody).toContain(`/wp-user/account/resetpin/r/`)
    expect(t.logLines.join('\n')).not.toContain(code)

    t.clock.advance(30_000)
    expect((await requestLink(token)).body).toEqual({
      icon: 'error',
      message: 'We have just sent you a link. Please wait 150 seconds before asking for a new one.',
    })
    expect(await mailsTo(t.db, customer.email)).toHaveLength(1)
    t.clock.advance(resendIntervalMs)
    expect((await requestLink(token)).body).toEqual({ icon: 'success', message: linkSent })
    expect(await mailsTo(t.db, customer.email)).toHaveLength(2)
  })

  it('sets the new PIN with the code from the link, once, and confirms by e-mail', async () => {
    const customer = await createCustomer(t, { pin: '1234' })
    await t.db
      .insert(secretLockouts)
      .values({ userId: customer.id, secret: 'pin', failedCount: 2, lastFailedAt: t.clock.now() })
    await requestLink(await t.login(customer.email, customer.passcode))
    const code = await linkCode(customer.email)

    expect((await reset(customer.email, otherCode(code))).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
    expect((await reset(customer.email, code, '8642')).body).toEqual({
      icon: 'success',
      message: 'Your PIN has been reset.',
    })
    expect(await verifySecret(await pinHashOf(customer.id), '8642')).toBe(true)
    const [lockout] = await t.db
      .select()
      .from(secretLockouts)
      .where(eq(secretLockouts.userId, customer.id))
    expect(lockout?.failedCount).toBe(0)
    expect((await lastMailTo(t.db, customer.email)).subject).toBe(
      'Meridian Bank: your transaction PIN was changed',
    )

    expect((await reset(customer.email, code, '9753')).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
    expect(await verifySecret(await pinHashOf(customer.id), '8642')).toBe(true)
  })

  it('refuses an expired code and a code after 5 wrong tries', async () => {
    const late = await createCustomer(t, { pin: '1234' })
    await requestLink(await t.login(late.email, late.passcode))
    const lateCode = await linkCode(late.email)
    t.clock.advance(codeLifetimeMs + 1000)
    expect((await reset(late.email, lateCode)).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })

    const guessed = await createCustomer(t, { pin: '1234' })
    await requestLink(await t.login(guessed.email, guessed.passcode))
    const code = await linkCode(guessed.email)
    for (let i = 0; i < 5; i++) await reset(guessed.email, otherCode(code))
    expect((await reset(guessed.email, code)).body).toEqual({ icon: 'error', message: invalidCode })
    expect(await verifySecret(await pinHashOf(guessed.id), '1234')).toBe(true)
  })

  it('answers an unknown e-mail like a wrong code, and checks the PIN format', async () => {
    const unknown = await reset('nobody-here@example.com', '123456')
    expect(unknown).toEqual({ status: 200, body: { icon: 'error', message: invalidCode } })
    const malformed = await reset('nobody-here@example.com', '123456', '12345')
    expect(malformed).toEqual({
      status: 400,
      body: {
        error: true,
        message: 'Your new PIN must be 4 digits.',
      },
    })
  })
})
