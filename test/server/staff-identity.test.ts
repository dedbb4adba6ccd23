import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { totpCodeAt } from '#server/auth/totp'
import { staff, staffPasskeys, staffSessions } from '#server/db/schema'
import { disableStaff } from '#server/domain/staff'
import { databaseTargets } from './support/databases'
import { lastMailTo } from './support/mailbox'
import {
  addStaffMember,
  CookieJar,
  type EnrolledStaff,
  enrolmentLinkOf,
  enrolWithTotp,
  goodPassword,
  SoftwarePasskey,
  signInWithTotp,
  staffCall,
  terminal,
} from './support/staff'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Staff identity and sign-in (issue 17, docs/decisions/068): enrolment by a single-use link,
 * the password rules, TOTP and passkeys, the second factor always, the lockout, the cookie, the
 * idle and absolute ends of a session, and a disabled person's sessions.
 */
const minute = 60_000

describe.each(databaseTargets)('staff enrolment and sign-in on %s', (target) => {
  let t: TestApp
  let admin: EnrolledStaff
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false })
    admin = await enrolWithTotp(t, terminal, 'ada@staff.test', ['admin'])
  })
  afterAll(() => t.close())

  describe('enrolment', () => {
    it('e-mails a link that works once, after refusing short, common and personal passwords', async () => {
      await addStaffMember(t, admin.actor, 'kim@staff.test', ['kyc'])
      const mail = await lastMailTo(t.db, 'kim@staff.test')
      expect(mail.textBody).toContain('http://portal.test/wp-admin/enrol#')
      expect(mail.textBody).toContain('24 hours')
      const link = await enrolmentLinkOf(t, 'kim@staff.test')

      const checked = await staffCall(t, 'enrolcheck', { link })
      expect(checked.body).toMatchObject({ status: true, email: 'kim@staff.test' })

      const short = await staffCall(t, 'enrolpassword', { link, password: 'short-pass1' })
      expect(short.status).toBe(400)
      expect(short.body.message).toBe('Your new password must be at least 12 characters.')
      for (const common of ['password1234', 'Qwerty123456', '123456789012'])
        expect((await staffCall(t, 'enrolpassword', { link, password: common })).body).toEqual({
          status: false,
          message: 'Your new password is one of the most common passwords: choose another.',
        })
      expect(
        (await staffCall(t, 'enrolpassword', { link, password: '%%%%%%%%%%%%%%' })).body.message,
      ).toBe('Your new password must not be one character repeated.')
      expect(
        (await staffCall(t, 'enrolpassword', { link, password: 'kim@staff.test!' })).body.message,
      ).toBe('Your new password must not contain your e-mail address.')
      // None of the refusals used the link up.
      expect((await staffCall(t, 'enrolcheck', { link })).body.status).toBe(true)

      const jar = new CookieJar()
      const set = await staffCall(t, 'enrolpassword', { link, password: goodPassword }, { jar })
      expect(set.body).toMatchObject({ status: true, email: 'kim@staff.test' })
      expect(jar.token).not.toBeNull()
      const [row] = await t.db.select().from(staff).where(eq(staff.email, 'kim@staff.test'))
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
      expect(row?.enrolledAt).toBeNull()

      // Single use: the same link again, even with a good password, is refused.
      const again = await staffCall(t, 'enrolpassword', { link, password: goodPassword })
      expect(again.body).toEqual({
        status: false,
        message:
          'This enrolment link does not work any more (it was used, or it expired): ask an admin for a new one.',
      })
      expect((await staffCall(t, 'enrolcheck', { link })).body.status).toBe(false)

      // The enrolment's cookie adds a factor, and nothing else.
      expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(401)
      expect((await staffCall(t, 'totpbegin', {}, { jar })).status).toBe(200)
      // Not enrolled yet: the password alone does not sign in.
      const early = await staffCall(t, 'signin', {
        email: 'kim@staff.test',
        password: goodPassword,
      })
      expect(early.body).toMatchObject({ status: false })
      expect(early.setCookies).toEqual([])
    })

    it('refuses an expired link, and a new link makes the older one stop working', async () => {
      const id = await addStaffMember(t, admin.actor, 'lee@staff.test', ['support'])
      const first = await enrolmentLinkOf(t, 'lee@staff.test')
      t.clock.advance(24 * 60 * minute + 1_000)
      expect((await staffCall(t, 'enrolcheck', { link: first })).body.status).toBe(false)
      expect(
        (await staffCall(t, 'enrolpassword', { link: first, password: goodPassword })).body.status,
      ).toBe(false)

      const resent = await staffCall(
        t,
        'staffresend',
        { staff_id: String(id) },
        { jar: await signInWithTotp(t, admin) },
      )
      expect(resent.body).toEqual({
        status: true,
        message: 'A new enrolment link is on its way to lee@staff.test.',
      })
      const second = await enrolmentLinkOf(t, 'lee@staff.test')
      expect(second).not.toBe(first)
      expect((await staffCall(t, 'enrolcheck', { link: second })).body.status).toBe(true)
    })
  })

  describe('TOTP', () => {
    it('takes the right code once: a wrong code and the same code again are refused', async () => {
      const person = await enrolWithTotp(t, admin.actor, 'tom@staff.test', ['support'])
      // The secret is kept sealed, and no answer gives it again.
      const [row] = await t.db.select().from(staff).where(eq(staff.id, person.id))
      // Sealed; a ring of one key keeps the form before key ids (decisions 105, 108).
      expect(row?.totpSecret).toMatch(/^t1\./)
      expect(row?.totpSecret).not.toContain(person.totpSecret)
      expect(row?.totpPendingSecret).toBeNull()
      const me = await staffCall(t, 'whoami', {}, { jar: person.jar })
      expect(JSON.stringify(me.body)).not.toContain(person.totpSecret)
      expect(me.body).toMatchObject({ email: 'tom@staff.test', roles: ['support'], totp: true })

      t.clock.advance(minute)
      const jar = new CookieJar()
      const signin = await staffCall(
        t,
        'signin',
        { email: person.email, password: goodPassword },
        { jar },
      )
      expect(signin.body).toMatchObject({ status: true, factors: ['totp'] })
      expect(signin.body.passkey).toBeUndefined()
      const code = totpCodeAt(person.totpSecret, t.clock.now())
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect(
        (await staffCall(t, 'secondfactor', { method: 'totp', code: wrong }, { jar })).body,
      ).toEqual({
        status: false,
        message: 'That code is not right, or it was used already: wait for the next one.',
        attempts_left: 4,
      })
      const right = await staffCall(t, 'secondfactor', { method: 'totp', code }, { jar })
      expect(right.body).toMatchObject({ status: true, me: { email: 'tom@staff.test' } })
      expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(200)

      // The same code, in the same 30 s, for another sign-in: refused.
      const other = new CookieJar()
      await staffCall(t, 'signin', { email: person.email, password: goodPassword }, { jar: other })
      const reused = await staffCall(t, 'secondfactor', { method: 'totp', code }, { jar: other })
      expect(reused.body).toMatchObject({ status: false })
      expect((await staffCall(t, 'whoami', {}, { jar: other })).status).toBe(401)
      // The next step's code is taken.
      t.clock.advance(30_000)
      const next = totpCodeAt(person.totpSecret, t.clock.now())
      expect(
        (await staffCall(t, 'secondfactor', { method: 'totp', code: next }, { jar: other })).body
          .status,
      ).toBe(true)
    })
  })

  describe('passkeys', () => {
    it('enrols with a passkey and signs in with it; a replayed or foreign answer is refused', async () => {
      const id = await addStaffMember(t, admin.actor, 'pat@staff.test', ['payments'])
      const link = await enrolmentLinkOf(t, 'pat@staff.test')
      const jar = new CookieJar()
      await staffCall(t, 'enrolpassword', { link, password: goodPassword }, { jar })
      const options = await staffCall(t, 'passkeyoptions', {}, { jar })
      const creation = options.body.passkey as Parameters<SoftwarePasskey['create']>[0]
      expect(creation.rp).toEqual({ name: 'Meridian Bank staff', id: 'portal.test' })
      expect(creation.user.name).toBe('pat@staff.test')
      const passkey = new SoftwarePasskey()
      const registered = await staffCall(
        t,
        'passkeyregister',
        { credential: JSON.stringify(passkey.create(creation)) },
        { jar },
      )
      expect(registered.body).toMatchObject({
        status: true,
        me: { email: 'pat@staff.test', passkeys: 1, totp: false },
      })
      // The enrolment ended signed in.
      expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(200)
      const [stored] = await t.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, id))
      expect(stored).toMatchObject({
        credentialId: passkey.id,
        counter: 0,
        transports: ['internal'],
      })

      const signInJar = new CookieJar()
      const first = await staffCall(
        t,
        'signin',
        { email: 'pat@staff.test', password: goodPassword },
        { jar: signInJar },
      )
      expect(first.body).toMatchObject({ status: true, factors: ['passkey'] })
      const request = first.body.passkey as Parameters<SoftwarePasskey['get']>[0]
      expect(request.allowCredentials).toEqual([
        { id: passkey.id, type: 'public-key', transports: ['internal'] },
      ])
      const assertion = passkey.get(request)
      const signedIn = await staffCall(
        t,
        'secondfactor',
        { method: 'passkey', credential: JSON.stringify(assertion) },
        { jar: signInJar },
      )
      expect(signedIn.body).toMatchObject({ status: true, me: { email: 'pat@staff.test' } })
      const [used] = await t.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, id))
      expect(used?.counter).toBe(1)

      // The same answer again (its challenge is used up), and one made for another site.
      const replayJar = new CookieJar()
      const again = await staffCall(
        t,
        'signin',
        { email: 'pat@staff.test', password: goodPassword },
        { jar: replayJar },
      )
      const replayed = await staffCall(
        t,
        'secondfactor',
        { method: 'passkey', credential: JSON.stringify(assertion) },
        { jar: replayJar },
      )
      expect(replayed.body).toMatchObject({ status: false, attempts_left: 4 })
      const fresh = await staffCall(t, 'signinoptions', {}, { jar: replayJar })
      const phishing = new SoftwarePasskey('https://meridian-bank.example')
      Object.assign(phishing, { credentialId: passkey.credentialId })
      const foreign = await staffCall(
        t,
        'secondfactor',
        {
          method: 'passkey',
          credential: JSON.stringify(phishing.get(fresh.body.passkey as typeof request)),
        },
        { jar: replayJar },
      )
      expect(foreign.body).toMatchObject({ status: false })
      expect(again.body.status).toBe(true)
      // And then the real passkey, with a new challenge.
      const last = await staffCall(t, 'signinoptions', {}, { jar: replayJar })
      const ok = await staffCall(
        t,
        'secondfactor',
        {
          method: 'passkey',
          credential: JSON.stringify(passkey.get(last.body.passkey as typeof request)),
        },
        { jar: replayJar },
      )
      expect(ok.body.status).toBe(true)
    })
  })

  describe('the second factor', () => {
    it('is always needed: the password alone opens no staff call', async () => {
      const jar = new CookieJar()
      const first = await staffCall(
        t,
        'signin',
        { email: admin.email, password: goodPassword },
        { jar },
      )
      expect(first.body.status).toBe(true)
      expect(jar.token).not.toBeNull()
      for (const call of ['whoami', 'keepalive', 'mysessions', 'stafflist', 'passkeyoptions'])
        expect((await staffCall(t, call, {}, { jar })).status, call).toBe(401)
      // A waiting sign-in ends after 5 minutes.
      t.clock.advance(5 * minute + 1_000)
      const late = await staffCall(
        t,
        'secondfactor',
        { method: 'totp', code: totpCodeAt(admin.totpSecret, t.clock.now()) },
        { jar },
      )
      expect(late.status).toBe(401)
    })
  })

  describe('lockout', () => {
    it('blocks after 5 wrong answers, password and codes together; the right password is then refused too', async () => {
      const person = await enrolWithTotp(t, admin.actor, 'lou@staff.test', ['kyc'])
      const from = { address: '203.0.113.7' }
      for (let left = 4; left >= 2; left--)
        expect(
          (await staffCall(t, 'signin', { email: person.email, password: 'wrong password!' }, from))
            .body,
        ).toEqual({ status: false, message: 'Invalid Credentials', attempts_left: left })
      // A right password does not start the count again: a wrong code is the fourth failure.
      const jar = new CookieJar()
      await staffCall(
        t,
        'signin',
        { email: person.email, password: goodPassword },
        { ...from, jar },
      )
      const code = totpCodeAt(person.totpSecret, t.clock.now())
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect(
        (await staffCall(t, 'secondfactor', { method: 'totp', code: wrong }, { ...from, jar }))
          .body,
      ).toMatchObject({ status: false, attempts_left: 1 })
      const blocked = await staffCall(
        t,
        'secondfactor',
        { method: 'totp', code: wrong },
        { ...from, jar },
      )
      expect(blocked.body).toMatchObject({ status: false, blocked_until: expect.any(String) })
      expect(blocked.body.message).toMatch(/^Too many failed attempts\. Try again in 15 minutes/)
      expect(jar.token).toBeNull()
      // Blocked: the right password is refused as well.
      const right = await staffCall(
        t,
        'signin',
        { email: person.email, password: goodPassword },
        from,
      )
      expect(right.body).toMatchObject({ status: false, blocked_until: expect.any(String) })
      // An e-mail of no member of staff gets the same answers.
      expect(
        (
          await staffCall(
            t,
            'signin',
            { email: 'nobody@staff.test', password: 'wrong password!' },
            from,
          )
        ).body,
      ).toEqual({ status: false, message: 'Invalid Credentials', attempts_left: 4 })
      t.clock.advance(15 * minute + 1_000)
      await signInWithTotp(t, person)
    })
  })

  describe('the cookie', () => {
    it('is HttpOnly, SameSite=Strict, Path=/wp-admin; Secure when the portal is on https', async () => {
      const answer = await staffCall(t, 'signin', { email: admin.email, password: goodPassword })
      expect(answer.setCookies).toHaveLength(1)
      const cookie = answer.setCookies[0] as string
      expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/)
      expect(cookie).toContain('Path=/wp-admin')
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toContain('SameSite=Strict')
      expect(cookie).toContain('Max-Age=300')
      expect(cookie).not.toContain('Secure')
      expect(cookie).not.toContain('Domain')
      // The token is kept only as its hash.
      const token = /^staff_session=([^;]+)/.exec(cookie)?.[1] as string
      const rows = await t.db.select({ hash: staffSessions.tokenHash }).from(staffSessions)
      expect(rows.some((row) => row.hash === token)).toBe(false)

      const https = { app: createApp({ ...t.deps, publicUrl: 'https://bank.test' }) }
      const secure = await staffCall(
        https,
        'signin',
        { email: admin.email, password: goodPassword },
        { origin: 'https://bank.test' },
      )
      expect(secure.setCookies[0]).toContain('Secure')
      // Signing out clears it.
      const jar = await signInWithTotp(t, admin)
      const out = await staffCall(t, 'signout', {}, { jar })
      expect(out.setCookies[0]).toMatch(/^staff_session=;.*Max-Age=0/)
      expect(jar.token).toBeNull()
    })

    it('a signed-in session ends after 15 idle minutes, and 8 hours after sign-in at the latest', async () => {
      const jar = await signInWithTotp(t, admin)
      const signedInCookie = (await staffCall(t, 'keepalive', {}, { jar })).status
      expect(signedInCookie).toBe(200)
      t.clock.advance(14 * minute)
      // Reading who one is does not count as activity.
      expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(200)
      t.clock.advance(2 * minute)
      expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(401)

      const busy = await signInWithTotp(t, admin)
      for (let elapsed = 0; elapsed < 8 * 60 - 10; elapsed += 10) {
        t.clock.advance(10 * minute)
        expect((await staffCall(t, 'keepalive', {}, { jar: busy })).status).toBe(200)
      }
      t.clock.advance(10 * minute)
      expect((await staffCall(t, 'keepalive', {}, { jar: busy })).status).toBe(401)
    })
  })

  describe('sessions', () => {
    it('lists one’s own sessions, signs the others out, and a disabled person’s sessions end', async () => {
      const person = await enrolWithTotp(t, admin.actor, 'sam@staff.test', ['support', 'auditor'])
      const laptop = await signInWithTotp(t, person)
      const listed = await staffCall(t, 'mysessions', {}, { jar: laptop })
      const sessions = listed.body.sessions as { current: boolean }[]
      expect(sessions).toHaveLength(2)
      expect(sessions.filter((session) => session.current)).toHaveLength(1)
      const ended = await staffCall(t, 'signoutothers', {}, { jar: laptop })
      expect(ended.body).toMatchObject({ status: true, ended: 1 })
      expect((await staffCall(t, 'whoami', {}, { jar: person.jar })).status).toBe(401)
      expect((await staffCall(t, 'whoami', {}, { jar: laptop })).status).toBe(200)

      const phone = await signInWithTotp(t, person)
      const adminJar = await signInWithTotp(t, admin)
      const disabled = await staffCall(
        t,
        'staffdisable',
        { staff_id: String(person.id) },
        { jar: adminJar },
      )
      expect(disabled.body).toMatchObject({ status: true, sessions_ended: 2 })
      for (const jar of [laptop, phone])
        expect((await staffCall(t, 'whoami', {}, { jar })).status).toBe(401)
      expect(
        (await staffCall(t, 'signin', { email: person.email, password: goodPassword })).body,
      ).toEqual({ status: false, message: 'Your staff account is disabled. Ask an admin.' })
    })

    it('a session of a person disabled by any means opens nothing, even if not revoked', async () => {
      const person = await enrolWithTotp(t, admin.actor, 'max@staff.test', ['kyc'])
      await t.db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, person.id))
      expect((await staffCall(t, 'whoami', {}, { jar: person.jar })).status).toBe(401)
    })

    it('an admin cannot disable themselves, nor leave the bank without an active admin', async () => {
      const self = await disableStaff(t.deps, admin.actor, { staffId: admin.id })
      expect(self).toEqual({
        ok: false,
        message: 'You cannot disable yourself: ask another admin.',
      })
      const jar = await signInWithTotp(t, admin)
      const demoted = await staffCall(
        t,
        'staffroles',
        { staff_id: String(admin.id), roles: 'support' },
        { jar },
      )
      expect(demoted.body).toEqual({
        status: false,
        message: 'At least one active admin must stay: give another member of staff admin first.',
      })
    })
  })
})
