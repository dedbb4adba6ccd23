import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSecret } from '#server/auth/secrets'
import { users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { describeDemoLogins } from '#server/seed/demo-logins'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

const [demo, pending, admin] = demoCredentials

/** The start banner's demo lines follow the database, not the seed. */
describe.each(databaseTargets)('demo logins described from the database on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('describes the seeded states after seeding', async () => {
    expect(await describeDemoLogins(t.db, t.clock.now())).toEqual([
      'demo@meridian.example / 123456: customer, Verified, PIN 1234',
      'pending@meridian.example / 123456: customer, Pending Verification, no PIN yet',
      'admin@meridian.example / admin-demo-pass: admin',
    ])
  })

  it('describes what operators and customers changed since', async () => {
    await t.command('kyc decline', pending.email)
    await t.command('notice set', demo.email, 'Account on hold', 'Please call us.')
    await t.db
      .update(users)
      .set({ pinHash: await hashSecret('9876'), passcodeHash: await hashSecret('654321') })
      .where(eq(users.email, demo.email))
    for (let attempt = 0; attempt < 5; attempt++)
      await t.crud('signIn', { email: admin.email, password: 'not-the-password' })

    const [demoLine, pendingLine, adminLine] = await describeDemoLogins(t.db, t.clock.now())
    expect(demoLine).toBe(
      'demo@meridian.example / (passcode changed from 123456): customer, Verified, PIN set, account notice "Account on hold"',
    )
    expect(pendingLine).toBe('pending@meridian.example / 123456: customer, Declined, no PIN yet')
    expect(adminLine).toMatch(/^admin@meridian\.example \/ admin-demo-pass: admin, locked until /)
  })

  it('leaves out demo users that are gone', async () => {
    await t.db.delete(users).where(eq(users.email, pending.email))
    const lines = await describeDemoLogins(t.db, t.clock.now())
    expect(lines.map((line) => line.split(' ')[0])).toEqual([demo.email, admin.email])
  })
})
