import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

type Listed = {
  id: string
  title: string
  body: string
  wasRead: 'yes' | 'no'
  sentAt: string
}

describe.each(databaseTargets)('notifications on %s', (target) => {
  let t: TestApp
  let token: string
  let otherToken: string
  let ownerId: number
  let foreignId: number

  beforeAll(async () => {
    t = await startTestApp(target)
    const owner = await createCustomer(t)
    const other = await createCustomer(t)
    ownerId = owner.id
    await t.db.insert(notifications).values(
      ['First', 'Second', 'Third'].map((title, index) => ({
        userId: owner.id,
        title,
        body: `${title} body`,
        createdAt: new Date(Date.UTC(2026, 0, index + 1)),
      })),
    )
    const [theirs] = await t.db
      .insert(notifications)
      .values({ userId: other.id, title: 'Theirs', body: 'Not yours' })
      .returning()
    foreignId = theirs?.id as number
    token = await t.login(owner.email, owner.passcode)
    otherToken = await t.login(other.email, other.passcode)
  })
  afterAll(() => t.close())

  const list = async () =>
    (await t.action('notificationList', { token })).body as {
      notifications: Listed[]
      unreadCount: number
    }

  it('lists only the caller’s notifications, newest first, with the unread count', async () => {
    const answer = await list()
    expect(answer.unreadCount).toBe(3)
    expect(answer.notifications.map((n) => n.title)).toEqual(['Third', 'Second', 'First'])
    // When each was sent, for the list to show.
    expect(answer.notifications.map((n) => n.sentAt)).toEqual([
      '2026-01-03T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ])
    expect(answer.notifications.every((n) => n.wasRead === 'no')).toBe(true)
    expect((await t.action('unreadCount', { token })).body).toEqual({ unreadCount: 3 })
  })

  it('marks one as read, and the count follows at once', async () => {
    const [third] = (await list()).notifications
    expect(
      (await t.action('markNotificationRead', { token, id: third?.id as string })).body,
    ).toEqual({
      status: true,
      message: 'Marked as read',
      unreadCount: 2,
    })
    expect((await list()).notifications[0]?.wasRead).toBe('yes')
    expect((await t.action('unreadCount', { token })).body).toEqual({ unreadCount: 2 })
  })

  it("answers another customer's id exactly like a missing one, and leaves it unread", async () => {
    const foreign = await t.action('markNotificationRead', { token, id: String(foreignId) })
    const missing = await t.action('markNotificationRead', { token, id: '2147483000' })
    const huge = await t.action('markNotificationRead', { token, id: '999999999999999999' })
    expect(foreign).toEqual({
      status: 200,
      body: { status: false, message: 'Something went wrong!', unreadCount: 2 },
    })
    expect(missing).toEqual(foreign)
    expect(huge).toEqual(foreign)
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.id, foreignId))
    expect(theirs?.readAt).toBeNull()
    expect((await t.action('unreadCount', { token: otherToken })).body).toEqual({ unreadCount: 1 })
  })

  it('refuses a malformed id and a missing token', async () => {
    for (const id of ['', 'abc', '1; drop table', '-1']) {
      const answer = await t.action('markNotificationRead', { token, id })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('The notification must be a numeric id.')
    }
    expect((await t.action('markNotificationRead', { id: '1' })).status).toBe(401)
    expect((await t.action('markNotificationsRead', {})).status).toBe(401)
    expect((await t.action('unreadCount', {})).status).toBe(401)
  })

  it('marks the unread ones the list showed, and one that came later stays unread', async () => {
    const shown = (await list()).notifications
    const first = shown.find((n) => n.title === 'First')?.id as string
    await t.db.insert(notifications).values({ userId: ownerId, title: 'Fourth', body: 'Later' })
    // Another customer's id, and one that does not exist, are passed over.
    const ids = [first, String(foreignId), '2147483000', '999999999999'].join(',')
    expect((await t.action('markNotificationsRead', { token, ids })).body).toEqual({
      status: true,
      message: 'Marked as read',
      marked: 1,
      unreadCount: 2,
    })
    const after = (await list()).notifications
    expect(after.filter((n) => n.wasRead === 'no').map((n) => n.title)).toEqual([
      'Fourth',
      'Second',
    ])
    expect((await t.action('unreadCount', { token: otherToken })).body).toEqual({ unreadCount: 1 })
    for (const bad of ['', 'abc', '-1', '1.5', '1,,2', '1,', Array(501).fill('1').join(',')]) {
      const answer = await t.action('markNotificationsRead', { token, ids: bad })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toMatch(/^The notifications must be /)
    }
    expect((await list()).unreadCount).toBe(2)
  })

  it("marks all of the caller's as read, and nobody else's", async () => {
    expect((await t.action('markNotificationsRead', { token })).body).toEqual({
      status: true,
      message: 'Marked as read',
      marked: 2,
      unreadCount: 0,
    })
    expect((await list()).notifications.every((n) => n.wasRead === 'yes')).toBe(true)
    expect((await t.action('markNotificationsRead', { token })).body).toMatchObject({ marked: 0 })
    expect((await t.action('unreadCount', { token: otherToken })).body).toEqual({ unreadCount: 1 })
    const own = await t.db.select().from(notifications).where(eq(notifications.userId, ownerId))
    expect(own.every((row) => row.readAt !== null)).toBe(true)
  })
})
