import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionLifetimes } from '#server/auth/sessions'
import { accountNotices, sessions, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { databaseTargets } from './support/databases'
import { argon2idHash } from './support/hashing'
import { startTestApp, type TestApp } from './support/test-app'

const [demo, pending, admin] = demoCredentials

describe.each(databaseTargets)('signing in on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('iduser answers a registered and an unregistered e-mail alike, revealing no account', async () => {
    const neutral = {
      error: false,
      message: '',
      user: { fullname: '', picture: null },
      role: 'customer',
      passkey: true,
    }
    for (const email of [demo.email, pending.email, admin.email, 'nobody@meridian.example'])
      expect(await t.crud('identifyCustomer', { email })).toEqual({ status: 200, body: neutral })
  })

  it('a wrong passcode and an unknown e-mail get the same Invalid Credentials', async () => {
    const wrong = await t.crud('signIn', { email: demo.email, password: '000000' })
    const unknown = await t.crud('signIn', {
      email: 'nobody@meridian.example',
      password: '000000',
    })
    expect(wrong).toEqual({
      status: 200,
      body: { error: true, message: 'Invalid Credentials', attemptsLeft: 4 },
    })
    expect(unknown).toEqual(wrong)
  })

  it('a verified customer gets a full session that opens the dashboard', async () => {
    const answer = await t.crud('signIn', {
      email: demo.email,
      password: demo.secret,
      rememberMe: 'on',
    })
    expect(answer.body).toMatchObject({
      error: false,
      message: 'Welcome Back',
      verified: true,
      verificationStatus: 'Verified',
    })
    const token = answer.body.jwt as string
    const dashboard = await t.action('dashboard', { token })
    expect(dashboard.status).toBe(200)
    const [session] = await t.db.select().from(sessions).where(eq(sessions.remember, true))
    expect(session?.tokenHash).not.toBe(token)
  })

  it('every login gets a new token', async () => {
    const first = await t.login(demo.email, demo.secret)
    const second = await t.login(demo.email, demo.secret)
    expect(first).not.toBe(second)
  })

  it('a customer awaiting KYC review gets only a KYC token', async () => {
    const answer = await t.crud('signIn', { email: pending.email, password: pending.secret })
    expect(answer.body).toMatchObject({ error: false, verificationStatus: 'Pending Verification' })
    const token = answer.body.jwt as string
    expect((await t.action('dashboard', { token })).status).toBe(401)
  })

  it('an unverified e-mail gets no token', async () => {
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, pending.email))
    const answer = await t.crud('signIn', { email: pending.email, password: pending.secret })
    expect(answer.body).toMatchObject({ error: false, verified: false, email: pending.email })
    expect(answer.body.jwt).toBeUndefined()
    await t.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.email, pending.email))
  })

  it('an admin is told to go to the admin area and gets no customer token', async () => {
    const answer = await t.crud('signIn', { email: admin.email, password: admin.secret })
    expect(answer.body).toMatchObject({ error: false, role: 'admin' })
    expect(answer.body.jwt).toBeUndefined()
  })

  it('an account notice gives ismsg and a token that reads only the notice', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, demo.email))
    await t.db
      .insert(accountNotices)
      .values({ userId: user?.id as number, head: 'Account on hold', body: 'Call us.' })
    const answer = await t.crud('signIn', { email: demo.email, password: demo.secret })
    expect(answer.body).toMatchObject({ hasNotice: true })
    const token = answer.body.jwt as string
    expect((await t.action('accountNotice', { token })).body).toEqual({
      notice: { head: 'Account on hold', body: 'Call us.' },
    })
    expect((await t.action('dashboard', { token })).status).toBe(401)
    await t.db.delete(accountNotices)
  })

  it('logout revokes the token on the server', async () => {
    const token = await t.login(demo.email, demo.secret)
    expect((await t.action('signOut', { token })).body).toEqual({ status: true })
    expect((await t.action('hasTransferPin', { token })).status).toBe(401)
  })

  it('a session ends after 5 idle minutes, remembered or not (PSD2)', async () => {
    const token = await t.login(demo.email, demo.secret)
    const remembered = (
      await t.crud('signIn', { email: demo.email, password: demo.secret, rememberMe: 'on' })
    ).body.jwt as string
    const active = await t.login(demo.email, demo.secret)
    t.clock.advance(sessionLifetimes.session.idleMs - 60_000)
    expect((await t.action('hasTransferPin', { token: active })).status).toBe(200)
    t.clock.advance(60_001)
    expect((await t.action('hasTransferPin', { token })).status).toBe(401)
    expect((await t.action('hasTransferPin', { token: remembered })).status).toBe(401)
    expect((await t.action('hasTransferPin', { token: active })).status).toBe(200)
  })

  it('stores passcodes as argon2id hashes', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, demo.email))
    expect(user?.passcodeHash).toMatch(argon2idHash)
    expect(user?.pinHash).toMatch(/^\$argon2id\$/)
  })
})
