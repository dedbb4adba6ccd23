import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

const minute = 60_000

describe.each(databaseTargets)('the session idle timeout on %s', (target) => {
  describe('with the default of 5 minutes', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(target)
    })
    afterAll(() => t.close())

    const signedIn = async () => (await signedInCustomer(t)).token

    it('ends a session idle for more than 5 minutes, on the server', async () => {
      const token = await signedIn()
      t.clock.advance(5 * minute)
      expect((await t.action('sessionStatus', { token })).body).toMatchObject({
        remainingSeconds: 0,
      })
      t.clock.advance(1)
      expect((await t.action('unreadCount', { token })).status).toBe(401)
      // It stays ended: a later call does not bring it back.
      expect((await t.action('keepAlive', { token })).status).toBe(401)
    })

    it('keepalive starts the idle time again and tells the time left', async () => {
      const token = await signedIn()
      t.clock.advance(4 * minute)
      const answer = await t.action('keepAlive', { token })
      expect(answer.body).toEqual({
        remainingSeconds: 300,
        idleTimeoutSeconds: 300,
        expiresAt: new Date(t.clock.now().getTime() - 4 * minute + 12 * 60 * minute).toISOString(),
      })
      t.clock.advance(4 * minute)
      expect((await t.action('unreadCount', { token })).status).toBe(200)
    })

    it('sessionstatus reads the time left without counting as activity', async () => {
      const token = await signedIn()
      t.clock.advance(3 * minute)
      expect((await t.action('sessionStatus', { token })).body).toMatchObject({
        remainingSeconds: 120,
        idleTimeoutSeconds: 300,
      })
      t.clock.advance(1 * minute)
      expect((await t.action('sessionStatus', { token })).body).toMatchObject({
        remainingSeconds: 60,
      })
      t.clock.advance(1 * minute + 1)
      expect((await t.action('sessionStatus', { token })).status).toBe(401)
    })

    it('any other call counts as activity', async () => {
      const token = await signedIn()
      for (let step = 0; step < 4; step++) {
        t.clock.advance(4 * minute)
        expect((await t.action('unreadCount', { token })).status).toBe(200)
      }
      const left = (await t.action('sessionStatus', { token })).body.remainingSeconds as number
      // last_seen_at is written at most every 30 s (a tenth of the limit), never later.
      expect(left).toBeGreaterThanOrEqual(270)
      expect(left).toBeLessThanOrEqual(300)
    })

    it('logout revokes the session on the server', async () => {
      const token = await signedIn()
      expect((await t.action('signOut', { token })).body).toEqual({ status: true })
      expect((await t.action('keepAlive', { token })).status).toBe(401)
      expect((await t.action('sessionStatus', { token })).status).toBe(401)
    })
  })

  describe('with SESSION_IDLE_MINUTES=2', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(target, { sessionIdleMs: 2 * minute })
    })
    afterAll(() => t.close())

    it('ends the session after the configured time, and says so', async () => {
      const { token } = await signedInCustomer(t)
      expect((await t.action('keepAlive', { token })).body).toMatchObject({
        remainingSeconds: 120,
        idleTimeoutSeconds: 120,
      })
      t.clock.advance(2 * minute + 1)
      const ended = await t.action('unreadCount', { token })
      expect(ended).toEqual({
        status: 401,
        body: { error: true, message: 'Your session has ended. Please log in again.' },
      })
    })
  })
})
