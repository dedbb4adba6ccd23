import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifySecret } from '#server/auth/secrets'
import { users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { argon2idHash } from './support/hashing'
import { lastMailTo, mailsTo } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const [demo, pending] = demoCredentials
const created = { status: true, message: 'Your transaction PIN has been successfully created' }
const pinExists = {
  status: false,
  message: 'You already have a transaction PIN. To change it, go to Settings.',
}
const sessionEnded = { error: true, message: 'Your session has ended. Please log in again.' }

describe.each(databaseTargets)('PIN creation (updatepin) on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  const createPin = (fields: Record<string, string>) => t.action('createTransferPin', fields)
  const pinHashOf = async (userId: number) =>
    (await t.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId)))[0]
      ?.pinHash ?? null

  /** A signed-in customer without a PIN. */
  async function customerWithoutPin() {
    const customer = await createCustomer(t)
    return { ...customer, token: await t.login(customer.email, customer.passcode) }
  }

  it('creates the PIN of a customer who has none, as an argon2id hash, and says so by e-mail', async () => {
    const customer = await customerWithoutPin()
    expect((await t.action('hasTransferPin', { token: customer.token })).body).toEqual({
      hasPin: false,
    })
    const queuedBefore = t.mailQueuedCount()

    expect(await createPin({ token: customer.token, pin: '0852' })).toEqual({
      status: 200,
      body: created,
    })

    expect((await t.action('hasTransferPin', { token: customer.token })).body).toEqual({
      hasPin: true,
    })
    const hash = await pinHashOf(customer.id)
    // argon2id at the cost of every other secret (server/auth/secrets.ts), never the PIN itself
    expect(hash).toMatch(argon2idHash)
    expect(hash).not.toContain('0852')
    expect(await verifySecret(hash ?? '', '0852')).toBe(true)
    expect(await verifySecret(hash ?? '', '0853')).toBe(false)

    const mail = await lastMailTo(t.db, customer.email)
    expect(mail.subject).toBe('Meridian Bank: your transaction PIN was created')
    expect(mail.textBody).not.toContain('0852')
    expect(t.mailQueuedCount()).toBe(queuedBefore + 1)
    expect(t.logLines.join('\n')).not.toContain('0852')
  })

  it('refuses a second PIN: changing one is supdatepin', async () => {
    const customer = await customerWithoutPin()
    expect((await createPin({ token: customer.token, pin: '1357' })).body).toEqual(created)
    const hash = await pinHashOf(customer.id)

    expect(await createPin({ token: customer.token, pin: '2468' })).toEqual({
      status: 200,
      body: pinExists,
    })
    expect(await pinHashOf(customer.id)).toBe(hash)
    expect(await mailsTo(t.db, customer.email)).toHaveLength(1)

    // The demo customer has had PIN 1234 from the start.
    const token = await t.login(demo.email, demo.secret)
    expect((await createPin({ token, pin: '9999' })).body).toEqual(pinExists)
    const [row] = await t.db.select().from(users).where(eq(users.email, demo.email))
    expect(await verifySecret(row?.pinHash ?? '', '1234')).toBe(true)
  })

  it('creates exactly one PIN when requests race', async () => {
    const customer = await customerWithoutPin()
    const pins = ['1111', '2222', '3333', '4444', '5555', '6666']
    const answers = await Promise.all(pins.map((pin) => createPin({ token: customer.token, pin })))
    expect(answers.map((answer) => answer.status)).toEqual(pins.map(() => 200))
    const winners = pins.filter((_, index) => answers[index]?.body.status === true)
    expect(winners).toHaveLength(1)
    expect(answers.filter((answer) => answer.body.status === false)).toHaveLength(5)
    for (const answer of answers.filter((a) => a.body.status === false)) {
      expect(answer.body).toEqual(pinExists)
    }
    expect(await verifySecret((await pinHashOf(customer.id)) ?? '', winners[0] ?? '')).toBe(true)
    expect(await mailsTo(t.db, customer.email)).toHaveLength(1)
  })

  it('needs a signed-in session (401 otherwise)', async () => {
    expect(await createPin({ pin: '1234' })).toEqual({ status: 401, body: sessionEnded })
    expect(await createPin({ token: 'made-up-token', pin: '1234' })).toEqual({
      status: 401,
      body: sessionEnded,
    })
    // The temporary KYC token of a customer under review is not a session.
    const kycToken = (await t.crud('signIn', { email: pending.email, password: pending.secret }))
      .body.jwt as string
    expect((await createPin({ token: kycToken, pin: '1234' })).status).toBe(401)
    // Nor is a token after logout.
    const customer = await customerWithoutPin()
    await t.action('signOut', { token: customer.token })
    expect((await createPin({ token: customer.token, pin: '1234' })).status).toBe(401)
    expect(await pinHashOf(customer.id)).toBeNull()
  })

  it('answers a PIN that is not 4 digits with 400 and stores nothing', async () => {
    const customer = await customerWithoutPin()
    for (const pin of ['', '123', '12345', '12a4', '١٢٣٤']) {
      expect(await createPin({ token: customer.token, pin })).toEqual({
        status: 400,
        body: { error: true, message: 'Your PIN must be 4 digits.' },
      })
    }
    expect(await createPin({ token: customer.token })).toEqual({
      status: 400,
      body: { error: true, message: 'Your PIN is required.' },
    })
    expect(await pinHashOf(customer.id)).toBeNull()
    expect((await t.action('hasTransferPin', { token: customer.token })).body).toEqual({
      hasPin: false,
    })
  })
})
