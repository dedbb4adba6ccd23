import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertLinkLifetimeMs } from '#server/domain/sign-in-alerts'
import { deviceCookieName } from '#server/rpc/device-cookie'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { lastMailTo, mailsTo } from './support/mailbox'
import { firefoxOnLinux, startTestApp, type TestApp, TestBrowser } from './support/test-app'

const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

describe.each(databaseTargets)('devices, sign-in alerts and the security log on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof createCustomer>>
  const signInOn = async (customer: Customer, browser: TestBrowser, remember = false) => {
    const answer = await t.in(browser).crud('signIn', {
      email: customer.email,
      password: customer.passcode,
      ...(remember ? { rememberMe: 'on' } : {}),
    })
    expect(answer.body.error).toBe(false)
    return answer.body.jwt as string
  }
  const alertsTo = async (email: string) =>
    (await mailsTo(t.db, email)).filter((mail) =>
      mail.subject.endsWith('a new sign-in to your account'),
    )
  const devicesSeenWith = async (token: string) =>
    (await t.action('deviceList', { token })).body.devices as Array<Record<string, unknown>>

  it('alerts a sign-in from a new device by e-mail and notification, never the first nor a known one', async () => {
    const customer = await createCustomer(t)
    const laptop = new TestBrowser(firefoxOnLinux)
    await signInOn(customer, laptop)
    expect(await alertsTo(customer.email)).toEqual([])
    t.clock.advance(60_000)
    await signInOn(customer, laptop)
    expect(await alertsTo(customer.email)).toEqual([])

    const phone = new TestBrowser(chromeOnMac)
    const onPhone = await t.in(phone).crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(onPhone.body.error).toBe(false)
    const [alert, ...more] = await alertsTo(customer.email)
    expect(more).toEqual([])
    expect(alert?.textBody).toContain(
      'Your account was signed in to on a new device, Chrome 140 on macOS Catalina, on 21/11/2026 at 10:01 UTC.',
    )
    expect(alert?.textBody).toMatch(
      /This wasn't me: sign out every device and reset my passcode:\nhttp:\/\/portal\.test\/wp-user\/account\/forgot#not-me=[A-Za-z0-9_-]{43}\n/,
    )
    const notifications = await t.action('notificationList', { token: onPhone.body.jwt as string })
    expect(JSON.stringify(notifications.body)).toContain('New sign-in')
  })

  it('lists the devices, this one first, and signing one out leaves the others', async () => {
    const customer = await createCustomer(t)
    const laptop = new TestBrowser(firefoxOnLinux)
    const phone = new TestBrowser(chromeOnMac)
    const tablet = new TestBrowser(chromeOnMac)
    const onLaptop = await signInOn(customer, laptop)
    t.clock.advance(60_000)
    const onPhone = await signInOn(customer, phone, true)
    const onTablet = await signInOn(customer, tablet)

    const devices = await devicesSeenWith(onLaptop)
    expect(devices).toHaveLength(3)
    expect(devices[0]).toMatchObject({
      browser: 'Firefox 128',
      os: 'Linux',
      current: true,
      signedIn: true,
      rememberedUntil: null,
    })
    const remembered = devices.find((device) => device.rememberedUntil !== null)
    expect(remembered).toMatchObject({ browser: 'Chrome 140', current: false, signedIn: true })

    const signedOut = await t.action('signOutDevice', {
      token: onLaptop,
      device: String(remembered?.id),
    })
    expect(signedOut.body).toEqual({ status: true, message: 'That device is signed out.' })
    expect((await t.action('hasTransferPin', { token: onPhone })).status).toBe(401)
    expect((await t.action('hasTransferPin', { token: onTablet })).status).toBe(200)
    expect((await t.action('hasTransferPin', { token: onLaptop })).status).toBe(200)
    // Forgotten: that browser is greeted by nobody and counts as new next time.
    expect((await t.in(phone).action('rememberedDevice')).body).toEqual({ email: null })
    expect(await devicesSeenWith(onLaptop)).toHaveLength(2)
    // Another customer's device, or one already gone, is not theirs to sign out.
    expect(
      (await t.action('signOutDevice', { token: onLaptop, device: String(remembered?.id) })).body,
    ).toEqual({ status: false, message: 'That device is not signed in any more.' })
  })

  it('signs out everywhere else, and this device stays', async () => {
    const customer = await createCustomer(t)
    const here = await signInOn(customer, new TestBrowser())
    const elsewhere = [
      await signInOn(customer, new TestBrowser(chromeOnMac), true),
      await signInOn(customer, new TestBrowser(chromeOnMac)),
    ]
    const answer = await t.action('signOutOtherDevices', { token: here })
    expect(answer.body).toEqual({ status: true, message: '2 other devices were signed out.' })
    for (const token of elsewhere)
      expect((await t.action('hasTransferPin', { token })).status).toBe(401)
    expect((await t.action('hasTransferPin', { token: here })).status).toBe(200)
    expect((await devicesSeenWith(here)).map((device) => device.current)).toEqual([true])
  })

  it("'This wasn't me' ends every session, forgets every device and e-mails a reset code, once", async () => {
    const customer = await createCustomer(t)
    const laptop = new TestBrowser()
    const onLaptop = await signInOn(customer, laptop, true)
    const onPhone = await signInOn(customer, new TestBrowser(chromeOnMac))
    const alert = (await alertsTo(customer.email)).at(-1)
    const report = /#not-me=([A-Za-z0-9_-]{43})/.exec(alert?.textBody ?? '')?.[1] ?? ''

    const answer = await t.action('reportNotMe', { report })
    expect(answer.body).toEqual({
      status: true,
      message:
        'Every device signed in to your account is signed out. We have e-mailed you a code to choose a new passcode.',
      email: customer.email,
    })
    for (const token of [onLaptop, onPhone])
      expect((await t.action('hasTransferPin', { token })).status).toBe(401)
    expect((await t.in(laptop).action('rememberedDevice')).body).toEqual({ email: null })
    expect((await lastMailTo(t.db, customer.email)).subject).toBe(
      'Meridian Bank: reset your passcode',
    )
    expect((await t.action('reportNotMe', { report })).body.status).toBe(false)
  })

  it("refuses a 'This wasn't me' link older than 7 days", async () => {
    const customer = await createCustomer(t)
    await signInOn(customer, new TestBrowser())
    const token = await signInOn(customer, new TestBrowser(chromeOnMac))
    const alert = (await alertsTo(customer.email)).at(-1)
    const report = /#not-me=([A-Za-z0-9_-]{43})/.exec(alert?.textBody ?? '')?.[1] ?? ''
    t.clock.advance(alertLinkLifetimeMs)
    expect((await t.action('reportNotMe', { report })).body.status).toBe(false)
    t.clock.advance(-alertLinkLifetimeMs)
    expect((await t.action('hasTransferPin', { token })).status).toBe(200)
  })

  it('keeps a security log of sign-ins, failures and changes, newest first', async () => {
    const customer = await createCustomer(t)
    const laptop = new TestBrowser()
    const token = await signInOn(customer, laptop)
    t.clock.advance(1_000)
    await t.in(new TestBrowser(chromeOnMac)).crud('signIn', {
      email: customer.email,
      password: '000000',
    })
    t.clock.advance(1_000)
    await signInOn(customer, new TestBrowser(chromeOnMac))
    t.clock.advance(1_000)
    await t.action('changePasscode', {
      token,
      current: customer.passcode,
      next: '864209',
      confirmation: '864209',
      signOutOthers: 'on',
    })
    const log = (await t.action('securityLog', { token })).body.events as Array<
      Record<string, unknown>
    >
    expect(log.map((event) => event.what)).toEqual([
      'Passcode changed',
      'Signed in on a new device',
      'A sign-in failed: wrong passcode',
      'Signed in',
    ])
    expect(log[1]).toMatchObject({ device: 'Chrome 140 on macOS Catalina' })
    expect(laptop.cookies.has(deviceCookieName)).toBe(true)
  })
})
