import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#server/auth/sessions'
import { customerDevices, sessions } from '#server/db/schema'
import { rememberedDeviceMs } from '#server/domain/customer-devices'
import { deviceCookieName, rememberedHintName } from '#server/rpc/device-cookie'
import { demoCredentials } from '#server/seed/demo-data'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp, TestBrowser } from './support/test-app'

const [demo, pending] = demoCredentials
if (!demo || !pending) throw new Error('the demo seed has no customers')

/** "Use your passkey" is offered on the neutral answer whoever the e-mail is of (decision 081). */
const neutral = {
  error: false,
  message: '',
  user: { fullname: '', picture: null },
  role: 'customer',
  passkey: true,
}
const greeting = {
  error: false,
  message: '',
  user: { fullname: 'Dana Morgan', picture: null },
  role: 'customer',
  passkey: false,
}

/** Minutes of the two idle limits this file's server is given. */
const idleMinutes = 5
const rememberedIdleMinutes = 30

describe.each(databaseTargets)('remembered devices on %s (decision 080)', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, {
      sessionIdleMs: idleMinutes * 60_000,
      sessionRememberedIdleMs: rememberedIdleMinutes * 60_000,
    })
  })
  afterAll(() => t.close())

  const signInOn = async (browser: TestBrowser, remember: boolean, who = demo) => {
    const answer = await t.in(browser).crud('signIn', {
      email: who.email,
      password: who.secret,
      ...(remember ? { rememberMe: 'on' } : {}),
    })
    expect(answer.body.error).toBe(false)
    return answer.body.jwt as string
  }
  const setCookieOf = (browser: TestBrowser, name = deviceCookieName) =>
    browser.lastSetCookies.find((line) => line.startsWith(`${name}=`)) ?? ''

  it('Remember me ticked: a signed HttpOnly cookie for 30 days, the e-mail and the greeting on that browser only', async () => {
    const browser = new TestBrowser()
    await signInOn(browser, true)
    const cookie = setCookieOf(browser)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\/api\/users/)
    expect(cookie).toMatch(new RegExp(`; Max-Age=${rememberedDeviceMs / 1000}`))
    // Signed: the token, a dot and its HMAC.
    expect(browser.cookies.get(deviceCookieName)).toMatch(/^[A-Za-z0-9_-]{43}\.[^.;]+$/)
    // The login page's hint names nobody and goes with the device.
    const hint = setCookieOf(browser, rememberedHintName)
    expect(hint).toMatch(/^meridian_remembered=1; Max-Age=\d+; Path=\/wp-user; SameSite=Strict$/)

    expect((await t.in(browser).action('rememberedDevice')).body).toEqual({ email: demo.email })
    expect((await t.in(browser).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      greeting,
    )
    // Another e-mail on the same browser, and the same e-mail on another: neutral.
    expect((await t.in(browser).crud('identifyCustomer', { email: pending.email })).body).toEqual(
      neutral,
    )
    const elsewhere = new TestBrowser()
    expect((await t.in(elsewhere).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )
    expect((await t.in(elsewhere).action('rememberedDevice')).body).toEqual({ email: null })
  })

  it('a remembered browser stays remembered after logout; after 30 days it is forgotten', async () => {
    const browser = new TestBrowser()
    const token = await signInOn(browser, true)
    await t.in(browser).action('signOut', { token })
    expect(browser.cookies.has(deviceCookieName)).toBe(true)
    expect((await t.in(browser).action('rememberedDevice')).body).toEqual({ email: demo.email })
    t.clock.advance(rememberedDeviceMs)
    expect((await t.in(browser).action('rememberedDevice')).body).toEqual({ email: null })
    expect(browser.cookies.has(rememberedHintName)).toBe(false)
    expect((await t.in(browser).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )
  })

  it('Remember me unticked: a cookie for the browser’s life, no greeting, nothing left after logout', async () => {
    const browser = new TestBrowser()
    const token = await signInOn(browser, false)
    const cookie = setCookieOf(browser)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).not.toMatch(/Max-Age|Expires/i)
    expect(browser.cookies.has(rememberedHintName)).toBe(false)
    expect((await t.in(browser).action('rememberedDevice')).body).toEqual({ email: null })
    expect((await t.in(browser).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )

    await t.in(browser).action('signOut', { token })
    expect(setCookieOf(browser)).toMatch(/Max-Age=0/)
    expect(browser.cookies.has(deviceCookieName)).toBe(false)
    const [device] = await t.db
      .select()
      .from(sessions)
      .innerJoin(customerDevices, eq(customerDevices.id, sessions.deviceId))
      .where(eq(sessions.revokedAt, t.clock.now()))
    expect(device?.customer_devices.revokedAt).toEqual(t.clock.now())
  })

  it('one browser is one device: signing in again keeps it, and unticking forgets the greeting', async () => {
    const browser = new TestBrowser()
    await signInOn(browser, true)
    const first = browser.cookies.get(deviceCookieName)
    await signInOn(browser, false)
    expect(browser.cookies.get(deviceCookieName)).toBe(first)
    expect(setCookieOf(browser)).not.toMatch(/Max-Age/)
    expect((await t.in(browser).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )
  })

  it('a forged or revoked cookie opens nothing', async () => {
    const browser = new TestBrowser()
    await signInOn(browser, true)
    const signed = browser.cookies.get(deviceCookieName) ?? ''
    const forged = new TestBrowser()
    forged.cookies.set(deviceCookieName, `${'A'.repeat(43)}${signed.slice(43)}`)
    expect((await t.in(forged).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )
    const revoked = await t.db
      .update(customerDevices)
      .set({ revokedAt: t.clock.now() })
      .where(eq(customerDevices.tokenHash, hashToken(signed.slice(0, 43))))
      .returning()
    expect(revoked).toHaveLength(1)
    expect((await t.in(browser).action('rememberedDevice')).body).toEqual({ email: null })
    expect((await t.in(browser).crud('identifyCustomer', { email: demo.email })).body).toEqual(
      neutral,
    )
  })

  it('with Remember me the session stays through the longer idle limit, without it not', async () => {
    t.clock.advance(60_000)
    const remembered = await signInOn(new TestBrowser(), true)
    const plain = await signInOn(new TestBrowser(), false)
    expect((await t.action('sessionStatus', { token: remembered })).body).toMatchObject({
      idleTimeoutSeconds: rememberedIdleMinutes * 60,
    })
    expect((await t.action('sessionStatus', { token: plain })).body).toMatchObject({
      idleTimeoutSeconds: idleMinutes * 60,
    })
    t.clock.advance(idleMinutes * 60_000 + 1)
    expect((await t.action('hasTransferPin', { token: plain })).status).toBe(401)
    expect((await t.action('hasTransferPin', { token: remembered })).status).toBe(200)
    t.clock.advance(rememberedIdleMinutes * 60_000 + 1)
    expect((await t.action('hasTransferPin', { token: remembered })).status).toBe(401)
  })
})
