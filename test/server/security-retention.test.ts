import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerDevices, passkeyChallenges, securityEvents, signInAlerts } from '#server/db/schema'
import { pruneSecurityRecords, securityRetention } from '#server/domain/security-retention'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { mailsTo } from './support/mailbox'
import { startTestApp, type TestApp, TestBrowser } from './support/test-app'

const day = 24 * 3_600_000

/**
 * The security records' retention (docs/decisions/082): the security log 13 months, a sign-in
 * alert 30 days past its link's 7, passkey challenges once past their 5 minutes, dead devices 30
 * days, each customer's newest device kept. One customer's records at a time: the database is
 * shared with the other tests of the file, and the clock only moves on.
 */
describe.each(databaseTargets)('pruning the security records on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof createCustomer>>
  const signInOn = async (customer: Customer, browser: TestBrowser) => {
    const answer = await t.in(browser).crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(answer.body.error).toBe(false)
  }
  const rowsOf = async (customer: Customer) => ({
    events: await t.db
      .select({ at: securityEvents.at })
      .from(securityEvents)
      .where(eq(securityEvents.userId, customer.id)),
    alerts: await t.db
      .select({ id: signInAlerts.id })
      .from(signInAlerts)
      .where(eq(signInAlerts.userId, customer.id)),
    devices: await t.db
      .select({ id: customerDevices.id })
      .from(customerDevices)
      .where(eq(customerDevices.userId, customer.id))
      .orderBy(customerDevices.id),
  })
  const alertsTo = async (email: string) =>
    (await mailsTo(t.db, email)).filter((mail) =>
      mail.subject.endsWith('a new sign-in to your account'),
    )

  it('keeps what is still of use and deletes the rest, alerting a new device after all', async () => {
    const customer = await createCustomer(t)
    // Three browsers on day 0: the first device, then two alerts.
    for (const browser of [new TestBrowser(), new TestBrowser(), new TestBrowser()])
      await signInOn(customer, browser)
    const start = await rowsOf(customer)
    expect(start.devices).toHaveLength(3)
    expect(start.alerts).toHaveLength(2)

    // Day 29: the devices ended 12 hours after their sign-in, the alerts' links on day 7.
    t.clock.advance(29 * day)
    await pruneSecurityRecords(t.db, t.clock.now())
    expect((await rowsOf(customer)).alerts).toHaveLength(2)
    expect((await rowsOf(customer)).devices).toHaveLength(3)

    // Day 38: both past their 30 days; the newest device stays, so the next browser alerts.
    t.clock.advance(9 * day)
    await pruneSecurityRecords(t.db, t.clock.now())
    const pruned = await rowsOf(customer)
    expect(pruned.alerts).toEqual([])
    expect(pruned.devices).toEqual([start.devices[2]])
    await signInOn(customer, new TestBrowser())
    expect(await alertsTo(customer.email)).toHaveLength(3)

    // The security log: each event kept until it is 13 months old (day 0's on day 396).
    const dayZero = pruned.events.length
    const all = (await rowsOf(customer)).events.length
    expect(all).toBeGreaterThan(dayZero)
    t.clock.advance(355 * day)
    await pruneSecurityRecords(t.db, t.clock.now())
    expect((await rowsOf(customer)).events).toHaveLength(all)
    t.clock.advance(10 * day)
    await pruneSecurityRecords(t.db, t.clock.now())
    const kept = (await rowsOf(customer)).events
    expect(kept).toHaveLength(all - dayZero)
    const cutoff = new Date(t.clock.now())
    cutoff.setUTCMonth(cutoff.getUTCMonth() - securityRetention.securityLogMonths)
    for (const event of kept) expect(event.at.getTime()).toBeGreaterThan(cutoff.getTime())
  })

  it('deletes passkey challenges past their 5 minutes, used or not, and no live one', async () => {
    const customer = await createCustomer(t)
    const first = await t.action('passkeySignInOptions', { email: customer.email })
    t.clock.advance(4 * 60_000)
    const second = await t.action('passkeySignInOptions', { email: customer.email })
    t.clock.advance(2 * 60_000)
    const { passkeyChallenges: count } = await pruneSecurityRecords(t.db, t.clock.now())
    expect(count).toBeGreaterThanOrEqual(1)
    const left = async (options: { body: Record<string, unknown> }) =>
      t.db
        .select({ id: passkeyChallenges.id })
        .from(passkeyChallenges)
        .where(
          eq(
            passkeyChallenges.challenge,
            (options.body.options as { challenge: string }).challenge,
          ),
        )
    expect(await left(first)).toEqual([])
    expect(await left(second)).toHaveLength(1)
  })

  it('leaves a live device however old, and another customer’s records alone', async () => {
    const customer = await createCustomer(t)
    const other = await createCustomer(t)
    const browser = new TestBrowser()
    await signInOn(customer, browser)
    await signInOn(other, new TestBrowser())
    await signInOn(other, new TestBrowser())
    // The customer's only device, signed out long ago: kept as their newest.
    await t.db
      .update(customerDevices)
      .set({ revokedAt: new Date(t.clock.now().getTime() - 400 * day) })
      .where(eq(customerDevices.userId, customer.id))
    // The other's first device, remembered far ahead: live, so kept however old it is.
    const [firstOfOther] = (await rowsOf(other)).devices
    await t.db
      .update(customerDevices)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 30 * day) })
      .where(eq(customerDevices.id, firstOfOther?.id ?? 0))
    t.clock.advance(60 * day)
    await pruneSecurityRecords(t.db, t.clock.now())
    expect((await rowsOf(customer)).devices).toHaveLength(1)
    expect((await rowsOf(other)).devices).toEqual([firstOfOther, expect.anything()])
  })
})
