import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressLimit } from '#server/auth/failure-log'
import { codeLifetimeMs, resendIntervalMs } from '#server/auth/one-time-codes'
import { hashToken } from '#server/auth/sessions'
import { customerAccountCode } from '#server/db/ledger'
import { bankAccounts, ledgerAccounts, oneTimeCodes, sessions, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { databaseTargets } from './support/databases'
import { argon2idHash } from './support/hashing'
import { codeIn, lastCodeTo, lastMailTo, mailsTo, otherCode } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const [demo] = demoCredentials
const invalidCode =
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.'

describe.each(databaseTargets)('signup and e-mail verification on %s', (target) => {
  let t: TestApp
  let serial = 0
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())
  // In-process calls share one client address; start each test with that address's count empty.
  beforeEach(() => t.clock.advance(addressLimit.windowMs))

  const signupFields = (overrides: Record<string, string> = {}) => {
    serial++
    return {
      firstName: 'Nora',
      lastName: 'Lind',
      username: `nora${serial}`,
      email: `nora${serial}@example.com`,
      password: '246810',
      fullname: 'Nora Lind',
      ...overrides,
    }
  }
  const signUp = async (overrides: Record<string, string> = {}) => {
    const fields = signupFields(overrides)
    const answer = await t.crud('signUp', fields)
    expect(answer.body).toMatchObject({ error: false, data: { email: fields.email } })
    return fields.email
  }
  const userBy = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]

  it('opens an unverified account with its bank and ledger accounts and e-mails a code', async () => {
    const fields = signupFields({ email: 'Mixed.Case@Example.com' })
    const answer = await t.crud('signUp', fields)
    expect(answer).toEqual({
      status: 200,
      body: {
        error: false,
        message: 'Your account has been created. Enter the 6-digit code we sent to your e-mail.',
        data: { email: 'mixed.case@example.com' },
      },
    })
    const user = await userBy('mixed.case@example.com')
    expect(user).toMatchObject({
      verificationStatus: 'Not Verified',
      emailVerifiedAt: null,
      role: 'customer',
      fullname: 'Nora Lind',
    })
    expect(user?.passcodeHash).toMatch(argon2idHash)
    const userId = user?.id as number
    const [account] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId))
    expect(account?.accountNo).toMatch(/^\d{10}$/)
    const [ledger] = await t.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
    expect(ledger?.balance).toBe(0)

    const mail = await lastMailTo(t.db, 'mixed.case@example.com')
    const code = codeIn(mail)
    expect(mail.subject).toBe('Meridian Bank: your verification code')
    expect(mail.subject).not.toContain(code)
    expect(mail.htmlBody).toContain(code)
    expect(mail.textBody).not.toContain(fields.password)
    const [stored] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId))
    expect(stored).toMatchObject({ purpose: 'verify_email', attempts: 0, usedAt: null })
    expect(stored?.codeHash).toMatch(/^\$argon2id\$/)
    expect(stored?.codeHash).not.toContain(code)
    expect(t.logLines.join('\n')).not.toContain(code)
  })

  it('takes only a 6-digit passcode, with a clear message', async () => {
    for (const password of ['12345', '1234567', 'abcdef', 'passw0rd!']) {
      const fields = signupFields({ password })
      const answer = await t.crud('signUp', fields)
      expect(answer.body).toEqual({
        error: true,
        message: 'Your passcode must be exactly 6 digits.',
      })
      expect(await userBy(fields.email)).toBeUndefined()
    }
  })

  it('refuses a username that is taken (in any case) or malformed', async () => {
    const taken = await t.crud('signUp', signupFields({ username: 'DANA' }))
    expect(taken.body).toEqual({
      error: true,
      message: 'That username is already taken. Please choose another.',
    })
    const malformed = await t.crud('signUp', signupFields({ username: 'no spaces!' }))
    expect(malformed.body).toMatchObject({ error: true })
    expect(malformed.body.message).toMatch(/3 to 40 characters/)
  })

  it('answers a registered e-mail like a new one, and tells its owner instead of sending a code', async () => {
    const before = (await mailsTo(t.db, demo.email)).length
    const fresh = await t.crud('signUp', signupFields())
    const registered = await t.crud('signUp', signupFields({ email: demo.email }))
    expect(registered.status).toBe(fresh.status)
    expect({ ...registered.body, data: null }).toEqual({ ...fresh.body, data: null })
    expect(registered.body.data).toEqual({ email: demo.email })

    const demoUsers = await t.db.select().from(users).where(eq(users.email, demo.email))
    expect(demoUsers).toHaveLength(1)
    expect(demoUsers[0]?.fullname).toBe('Dana Morgan')
    const notices = (await mailsTo(t.db, demo.email)).slice(before)
    expect(notices.map((mail) => mail.subject)).toEqual([
      'Meridian Bank: someone tried to open an account with your e-mail',
    ])
    expect(notices[0]?.textBody).not.toMatch(/^ {4}\d{6}$/m)
    expect(notices[0]?.textBody).not.toContain('Nora')

    // A second try within the hour does not mail the owner again.
    await t.crud('signUp', signupFields({ email: demo.email }))
    expect((await mailsTo(t.db, demo.email)).length).toBe(before + 1)
  })

  it('refuses a malformed body with 400 and names the field', async () => {
    const { firstName: _missing, ...withoutFirstName } = signupFields()
    const missing = await t.crud('signUp', withoutFirstName)
    expect(missing).toEqual({
      status: 400,
      body: { error: true, message: 'Your first name is required.' },
    })
    const badEmail = await t.crud('signUp', signupFields({ email: 'nobody-at-example.com' }))
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.message).toBe('The e-mail address must look like name@example.com.')
  })

  it('verifies with the right code, once, and gives a KYC token to a new customer', async () => {
    const email = await signUp()
    const code = await lastCodeTo(t.db, email)
    const wrong = await t.crud('verifyEmail', { email, verificationCode: otherCode(code) })
    expect(wrong.body).toEqual({ error: true, message: invalidCode })
    expect((await userBy(email))?.emailVerifiedAt).toBeNull()

    const right = await t.crud('verifyEmail', { email, verificationCode: code })
    expect(right.body).toMatchObject({
      error: false,
      message: 'Your e-mail address is verified.',
      verificationStatus: 'Not Verified',
    })
    expect((await userBy(email))?.emailVerifiedAt).toEqual(t.clock.now())
    const jwt = right.body.jwt as string
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(jwt)))
    expect(session?.kind).toBe('kyc')
    expect((await t.action('dashboard', { token: jwt })).status).toBe(401)

    const reused = await t.crud('verifyEmail', { email, verificationCode: code })
    expect(reused.body).toEqual({ error: true, message: invalidCode })

    const login = await t.crud('signIn', { email, password: '246810' })
    expect(login.body).toMatchObject({ error: false, verified: true, submitted: false })
  })

  it('gives a full session when the KYC status is already Verified', async () => {
    const email = await signUp()
    await t.db.update(users).set({ verificationStatus: 'Verified' }).where(eq(users.email, email))
    const answer = await t.crud('verifyEmail', {
      email,
      verificationCode: await lastCodeTo(t.db, email),
    })
    expect(answer.body).toMatchObject({ error: false, verificationStatus: 'Verified' })
    expect((await t.action('hasTransferPin', { token: answer.body.jwt as string })).body).toEqual({
      hasPin: false,
    })
  })

  it('refuses an expired code', async () => {
    const email = await signUp()
    const code = await lastCodeTo(t.db, email)
    t.clock.advance(codeLifetimeMs + 1000)
    const late = await t.crud('verifyEmail', { email, verificationCode: code })
    expect(late.body).toEqual({ error: true, message: invalidCode })
  })

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const email = await signUp()
    const code = await lastCodeTo(t.db, email)
    for (let i = 0; i < 5; i++) {
      const wrong = await t.crud('verifyEmail', { email, verificationCode: otherCode(code) })
      expect(wrong.body).toEqual({ error: true, message: invalidCode })
    }
    const right = await t.crud('verifyEmail', { email, verificationCode: code })
    expect(right.body).toEqual({ error: true, message: invalidCode })
    expect((await userBy(email))?.emailVerifiedAt).toBeNull()

    t.clock.advance(resendIntervalMs)
    expect((await t.action('resendVerificationCode', { email })).body).toEqual({
      status: true,
      message: 'Code Sent, Please Wait',
    })
    const fresh = await t.crud('verifyEmail', {
      email,
      verificationCode: await lastCodeTo(t.db, email),
    })
    expect(fresh.body).toMatchObject({ error: false })
  })

  it('accepts the right code on the fifth try', async () => {
    const email = await signUp()
    const code = await lastCodeTo(t.db, email)
    for (let i = 0; i < 4; i++)
      await t.crud('verifyEmail', { email, verificationCode: otherCode(code) })
    const fifth = await t.crud('verifyEmail', { email, verificationCode: code })
    expect(fifth.body).toMatchObject({ error: false })
  })

  it('resends no sooner than 180 s after the last code, and the new code replaces the old', async () => {
    const email = await signUp()
    const first = await lastCodeTo(t.db, email)
    t.clock.advance(60_000)
    const early = await t.action('resendVerificationCode', { email })
    expect(early.body).toEqual({
      status: false,
      message: 'Please wait 120 seconds before asking for a new code.',
    })
    expect(await mailsTo(t.db, email)).toHaveLength(1)

    t.clock.advance(120_000)
    const resent = await t.action('resendVerificationCode', { email })
    expect(resent.body).toEqual({ status: true, message: 'Code Sent, Please Wait' })
    const mails = await mailsTo(t.db, email)
    expect(mails).toHaveLength(2)
    const second = codeIn(mails[1] as (typeof mails)[number])
    const userId = (await userBy(email))?.id as number
    const live = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId))
    expect(live).toHaveLength(1)
    if (second !== first) {
      const old = await t.crud('verifyEmail', { email, verificationCode: first })
      expect(old.body).toEqual({ error: true, message: invalidCode })
    }
    const fresh = await t.crud('verifyEmail', { email, verificationCode: second })
    expect(fresh.body).toMatchObject({ error: false })
    expect(t.mailQueuedCount()).toBeGreaterThan(0)
  })

  it('gives parallel signups for one username one account and one clear refusal', async () => {
    const answers = await Promise.all(
      ['race-a@example.com', 'race-b@example.com'].map((email) =>
        t.crud('signUp', signupFields({ email, username: 'racer' })),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => answer.body.error).sort()).toEqual([false, true])
    expect(answers.find((answer) => answer.body.error)?.body.message).toBe(
      'That username is already taken. Please choose another.',
    )
  })

  it('checks at most 5 parallel guesses at one code', async () => {
    const email = await signUp()
    const code = await lastCodeTo(t.db, email)
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.crud('verifyEmail', { email, verificationCode: otherCode(code) }),
      ),
    )
    const userId = (await userBy(email))?.id as number
    const [stored] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId))
    expect(stored?.attempts).toBe(5)
    expect((await t.crud('verifyEmail', { email, verificationCode: code })).body).toEqual({
      error: true,
      message: invalidCode,
    })
  })

  it('answers unknown and verified e-mails like known ones, and sends them nothing', async () => {
    const unknown = 'nobody-here@example.com'
    const resend = await t.action('resendVerificationCode', { email: unknown })
    expect(resend.body).toEqual({ status: true, message: 'Code Sent, Please Wait' })
    const resendVerified = await t.action('resendVerificationCode', { email: demo.email })
    expect(resendVerified.body).toEqual(resend.body)
    expect(await mailsTo(t.db, unknown)).toEqual([])

    const verify = await t.crud('verifyEmail', { email: unknown, verificationCode: '123456' })
    expect(verify).toEqual({ status: 200, body: { error: true, message: invalidCode } })
    const verifyVerified = await t.crud('verifyEmail', {
      email: demo.email,
      verificationCode: '123456',
    })
    expect(verifyVerified).toEqual(verify)
  })
})
