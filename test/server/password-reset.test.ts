import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressLimit } from '#server/auth/failure-log'
import { codeLifetimeMs, resendIntervalMs } from '#server/auth/one-time-codes'
import { users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { codeIn, lastCodeTo, lastMailTo, linkIn, mailsTo, otherCode } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const admin = demoCredentials[2]
const invalidCode =
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.'
const checkYourEmail = 'Check your Email for further instructions.'
const resetDone = {
  icon: 'success',
  message: 'Your passcode has been reset. You can now log in with your new passcode.',
}

describe.each(databaseTargets)('forgot passcode on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())
  // In-process calls share one client address; start each test with that address's count empty.
  beforeEach(() => t.clock.advance(addressLimit.windowMs))

  const requestCode = (email: string) => t.crud('resetPasscode', { action: 'code', email })
  const reset = (email: string, code: string, newPasscode = '975310') =>
    t.crud('resetPasscode', { action: 'reset', email, resetCode: code, newSecret: newPasscode })

  it('e-mails a code and a link to the reset page, answering as the spec says', async () => {
    const customer = await createCustomer(t)
    const answer = await requestCode(customer.email)
    expect(answer).toEqual({
      status: 200,
      body: { icon: 'success', message: checkYourEmail, email: customer.email },
    })
    const mail = await lastMailTo(t.db, customer.email)
    const code = codeIn(mail)
    expect(mail.subject).toBe('Meridian Bank: reset your passcode')
    expect(linkIn(mail)).toBe(
      `http://portal.test/wp-user/account/reset/r/${encodeURIComponent(customer.email)}/${code}`,
    )
    expect(mail.htmlBody).toContain(`/wp-user/account/reset/r/`)
    expect(t.logLines.join('\n')).not.toContain(code)
  })

  it('answers an unknown e-mail and an admin the same way, and sends them nothing', async () => {
    const unknown = await requestCode('nobody-here@example.com')
    expect(unknown.body).toEqual({
      icon: 'success',
      message: checkYourEmail,
      email: 'nobody-here@example.com',
    })
    expect(await mailsTo(t.db, 'nobody-here@example.com')).toEqual([])
    const before = (await mailsTo(t.db, admin.email)).length
    expect((await requestCode(admin.email)).body).toMatchObject({ icon: 'success' })
    expect(await mailsTo(t.db, admin.email)).toHaveLength(before)

    const resetUnknown = await reset('nobody-here@example.com', '123456')
    expect(resetUnknown).toEqual({ status: 200, body: { icon: 'error', message: invalidCode } })
  })

  it('sets the new passcode, ends every session, clears a lockout and confirms by e-mail', async () => {
    const customer = await createCustomer(t)
    const oldToken = await t.login(customer.email, customer.passcode)
    await t.db
      .update(users)
      .set({ failedLoginCount: 3, lockedUntil: new Date(t.clock.now().getTime() + 600_000) })
      .where(eq(users.id, customer.id))
    await requestCode(customer.email)
    const code = await lastCodeTo(t.db, customer.email)

    expect((await reset(customer.email, otherCode(code))).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
    expect((await reset(customer.email, code)).body).toEqual(resetDone)

    expect((await t.action('hasTransferPin', { token: oldToken })).status).toBe(401)
    const old = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(old.body).toEqual({ error: true, message: 'Invalid Credentials', attemptsLeft: 4 })
    const fresh = await t.crud('signIn', { email: customer.email, password: '975310' })
    expect(fresh.body).toMatchObject({ error: false, message: 'Welcome Back' })
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id))
    expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null })
    // The fresh sign-in, on a device the reset forgot, is told too (decision 080).
    expect((await mailsTo(t.db, customer.email)).map((mail) => mail.subject).slice(-2)).toEqual([
      'Meridian Bank: your passcode was changed',
      'Meridian Bank: a new sign-in to your account',
    ])
  })

  it('uses a code once', async () => {
    const customer = await createCustomer(t)
    await requestCode(customer.email)
    const code = await lastCodeTo(t.db, customer.email)
    expect((await reset(customer.email, code, '111222')).body).toEqual(resetDone)
    expect((await reset(customer.email, code, '333444')).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
    expect(await t.login(customer.email, '111222')).toEqual(expect.any(String))
  })

  it('refuses an expired code', async () => {
    const customer = await createCustomer(t)
    await requestCode(customer.email)
    const code = await lastCodeTo(t.db, customer.email)
    t.clock.advance(codeLifetimeMs + 1000)
    expect((await reset(customer.email, code)).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
    expect(await t.login(customer.email, customer.passcode)).toEqual(expect.any(String))
  })

  it('kills a code after 5 wrong tries', async () => {
    const customer = await createCustomer(t)
    await requestCode(customer.email)
    const code = await lastCodeTo(t.db, customer.email)
    for (let i = 0; i < 5; i++) await reset(customer.email, otherCode(code))
    expect((await reset(customer.email, code)).body).toEqual({
      icon: 'error',
      message: invalidCode,
    })
  })

  it('sends no new code sooner than 180 s after the last, and says how long to wait', async () => {
    const customer = await createCustomer(t)
    await requestCode(customer.email)
    await requestCode(customer.email)
    expect(await mailsTo(t.db, customer.email)).toHaveLength(1)

    t.clock.advance(100_000)
    const early = await t.action('resendPasscodeResetCode', { email: customer.email })
    expect(early.body).toEqual({
      status: false,
      message: 'Please wait 80 seconds before asking for a new code.',
    })
    t.clock.advance(80_000)
    const resent = await t.action('resendPasscodeResetCode', { email: customer.email })
    expect(resent.body).toEqual({ status: true, message: 'Code Sent, Please Wait' })
    expect(await mailsTo(t.db, customer.email)).toHaveLength(2)
    expect((await reset(customer.email, await lastCodeTo(t.db, customer.email))).body).toEqual(
      resetDone,
    )

    const unknown = await t.action('resendPasscodeResetCode', { email: 'nobody-here@example.com' })
    expect(unknown.body).toEqual(resent.body)
    expect(await mailsTo(t.db, 'nobody-here@example.com')).toEqual([])
    t.clock.advance(resendIntervalMs)
  })

  it('verifies the e-mail of an unverified customer, since the code proves the mailbox', async () => {
    const customer = await createCustomer(t, {
      emailVerified: false,
      verificationStatus: 'Not Verified',
    })
    await requestCode(customer.email)
    expect(
      (await reset(customer.email, await lastCodeTo(t.db, customer.email), '864200')).body,
    ).toEqual(resetDone)
    const login = await t.crud('signIn', { email: customer.email, password: '864200' })
    expect(login.body).toMatchObject({ error: false, verified: true })
  })

  it('refuses a malformed request with 400', async () => {
    const short = await t.crud('resetPasscode', {
      action: 'reset',
      email: 'a@example.com',
      resetCode: '123456',
      newSecret: '12345',
    })
    expect(short).toEqual({
      status: 400,
      body: {
        error: true,
        message: 'Your new passcode must be 6 digits.',
      },
    })
    expect(
      (await t.crud('resetPasscode', { action: 'other', email: 'a@example.com' })).status,
    ).toBe(400)
    expect((await t.crud('resetPasscode', { email: 'a@example.com' })).status).toBe(400)
  })
})
