import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kycSubmissions, notifications, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { lastMailTo } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const [demo, pending, admin] = demoCredentials

const png = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

describe.each(databaseTargets)('KYC review and account notice commands on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  /** A customer who has sent KYC documents through the API; returns their e-mail and passcode. */
  async function submitted(type = 'International Passport') {
    const customer = await createCustomer(t, { verificationStatus: 'Not Verified' })
    const token = (await t.crud('signIn', { email: customer.email, password: customer.passcode }))
      .body.jwt as string
    const image = (name: string) => new File([png], name, { type: 'image/png' })
    const answer = await t.action('submitKyc', {
      token,
      country: 'Kenya',
      phone: '+254 700 000 000',
      homeAddress: '1 Moi Avenue, Nairobi',
      dateOfBirth: '1988-04-12',
      pic: image('me.png'),
      type,
      documentNumber: 'A1234567',
      documentCountry: 'KE',
      documentExpiry: '2031-06-30',
      idcardFront: image('front.png'),
      idcardBack: image('back.png'),
    })
    expect(answer.body).toMatchObject({ status: true })
    return customer
  }
  const userRow = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]

  it('kyc list shows who waits for review: e-mail, name, document, submitted at', async () => {
    const customer = await submitted()
    const lines = (await t.command('kyc list')).split('\n')
    expect(lines).toEqual([
      `${pending.email}\tPriya Shah\t(no documents on file)\t${t.clock.now().toISOString()}`,
      `${customer.email}\t${(await userRow(customer.email))?.fullname}\tInternational Passport\t${t.clock.now().toISOString()}`,
    ])
  })

  it('kyc approve verifies the customer, with a notification and an e-mail', async () => {
    const customer = await submitted()
    t.clock.advance(3_600_000)
    const output = await t.command('kyc approve', customer.email.toUpperCase())
    expect(output).toBe(
      `${customer.email} is verified; the e-mail will be sent by the running server.`,
    )
    const user = await userRow(customer.email)
    expect(user?.verificationStatus).toBe('Verified')
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, user?.id as number))
    expect(submission).toMatchObject({ status: 'approved', decidedAt: t.clock.now() })
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user?.id as number))
    expect(notification?.title).toBe('Your account is verified')
    const mail = await lastMailTo(t.db, customer.email)
    expect(mail.subject).toBe('Meridian Bank: your account is verified')

    const login = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(login.body).toMatchObject({ error: false, message: 'Welcome Back' })
    expect(await t.command('kyc list')).not.toContain(customer.email)
    await expect(t.command('kyc approve', customer.email)).rejects.toThrow(
      `${customer.email} is not waiting for KYC review (status: Verified).`,
    )
  })

  it('kyc decline asks the customer to log in and submit again, with the reason', async () => {
    const customer = await submitted()
    await t.command('kyc decline', customer.email, 'The', 'photo', 'is', 'blurred.')
    expect((await userRow(customer.email))?.verificationStatus).toBe('Declined')
    const mail = await lastMailTo(t.db, customer.email)
    expect(mail.subject).toBe('Meridian Bank: please submit your documents again')
    expect(mail.textBody).toContain('Reason: The photo is blurred.')
    expect(mail.textBody).toContain('log in and submit')

    const login = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(login.body).toMatchObject({ error: false, verificationStatus: 'Declined' })
    expect(typeof login.body.jwt).toBe('string')
  })

  it('the review commands refuse unknown e-mails, other users and missing arguments', async () => {
    await expect(t.command('kyc approve', 'nobody@example.com')).rejects.toThrow(
      'No customer with the e-mail nobody@example.com.',
    )
    await expect(t.command('kyc decline', admin.email)).rejects.toThrow(
      `${admin.email} is not waiting for KYC review (status: Verified).`,
    )
    await expect(t.command('kyc approve')).rejects.toThrow('Give the customer’s e-mail address.')
  })

  it('notice set blocks the account with the notice; notice clear lifts it', async () => {
    const set = await t.command(
      'notice set',
      demo.email,
      'Account on hold',
      'Please',
      'call',
      'us.',
    )
    expect(set).toBe(
      `${demo.email} now sees the notice "Account on hold" instead of the dashboard.`,
    )
    const login = await t.crud('signIn', { email: demo.email, password: demo.secret })
    expect(login.body).toMatchObject({ hasNotice: true, message: 'Account on hold' })
    expect((await t.action('accountNotice', { token: login.body.jwt as string })).body).toEqual({
      notice: { head: 'Account on hold', body: 'Please call us.' },
    })

    await t.command('notice set', demo.email, 'Review', 'Documents needed.')
    const session = await t.login(demo.email, demo.secret)
    expect((await t.action('accountNotice', { token: session })).body).toEqual({
      notice: { head: 'Review', body: 'Documents needed.' },
    })

    expect(await t.command('notice clear', demo.email)).toBe(
      `The notice on ${demo.email} is removed.`,
    )
    const after = await t.crud('signIn', { email: demo.email, password: demo.secret })
    expect(after.body).toMatchObject({ message: 'Welcome Back' })
    expect(after.body.hasNotice).toBeUndefined()
    const dashboard = await t.action('dashboard', { token: after.body.jwt as string })
    expect(dashboard.body.details).toBeNull()
    await expect(t.command('notice clear', demo.email)).rejects.toThrow(
      `${demo.email} has no notice.`,
    )
  })

  it('a notice ends the sessions opened before it; the next sign-in shows the notice', async () => {
    const customer = await createCustomer(t)
    const token = await t.login(customer.email, customer.passcode)
    await t.command('notice set', customer.email, 'Hold', 'Call us.')
    expect((await t.action('dashboard', { token })).status).toBe(401)
    const again = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(again.body).toMatchObject({ hasNotice: true })
    expect((await t.action('accountNotice', { token: again.body.jwt as string })).body).toEqual({
      notice: { head: 'Hold', body: 'Call us.' },
    })
  })

  it('the notice commands refuse unknown e-mails and missing text', async () => {
    await expect(t.command('notice set', 'nobody@example.com', 'Head', 'Body')).rejects.toThrow(
      'No user with the e-mail nobody@example.com.',
    )
    await expect(t.command('notice set', demo.email, 'Head only')).rejects.toThrow(
      /Give a head and a body/,
    )
    await expect(t.command('notice clear', 'nobody@example.com')).rejects.toThrow(
      'No user with the e-mail nobody@example.com.',
    )
  })
})
