import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '#server/db/schema'
import { enqueueMail } from '#server/mail/outbox'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('operator commands on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('users list shows every user with role and status', async () => {
    const output = await t.command('users list')
    expect(output.split('\n')).toEqual([
      'demo@meridian.example\tcustomer\tVerified\tDana Morgan',
      'pending@meridian.example\tcustomer\tPending Verification\tPriya Shah',
      'admin@meridian.example\tadmin\tVerified\tAda Admin',
    ])
  })

  it('mail retry sends a failed e-mail again, and refuses anything else', async () => {
    const id = await enqueueMail(
      t.db,
      { to: 'a@x.example', subject: 'Hello', text: 'x' },
      t.clock.now(),
    )
    await expect(t.command('mail retry', String(id))).rejects.toThrow(
      `No failed e-mail with id ${id}.`,
    )
    await t.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8 })
      .where(eq(mailOutbox.id, id))
    expect(await t.command('mail list', 'failed')).toContain('Hello')
    await t.command('mail retry', String(id))
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    await expect(t.command('mail retry', 'x')).rejects.toThrow(/Give the id/)
    await expect(t.command('mail list', 'bogus')).rejects.toThrow("Unknown status 'bogus'.")
  })
})
