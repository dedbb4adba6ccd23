import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCodeAt } from '#server/auth/totp'
import { databaseTargets } from './support/databases'
import {
  type EnrolledStaff,
  enrolWithTotp,
  goodPassword,
  signInWithTotp,
  staffCall,
  terminal,
} from './support/staff'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Replacing a sign-in factor needs the password and the current factor again (issue 32,
 * docs/decisions/098): a signed-in session that someone finds unlocked cannot set its own
 * authenticator app or passkey and so keep a way back in.
 */
const stepUpNeeded =
  'Confirm it is you first: give your password and your current passkey or authenticator code.'

describe.each(databaseTargets)('the step-up before a factor changes, on %s', (target) => {
  let t: TestApp
  let admin: EnrolledStaff
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false })
    admin = await enrolWithTotp(t, terminal, 'step-admin@staff.test', ['admin'])
  })
  afterAll(() => t.close())

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('a signed-in session without it cannot begin or confirm an authenticator, nor add a passkey', async () => {
    const person = await enrolWithTotp(t, admin.actor, 'step-kim@staff.test', ['kyc'])
    for (const [call, fields] of [
      ['totpbegin', {}],
      ['totpconfirm', { code: '123456' }],
      ['passkeyoptions', {}],
    ] as const) {
      const answer = await staffCall(t, call, fields, { jar: person.jar })
      expect(answer, call).toMatchObject({ status: 403, body: { message: stepUpNeeded } })
    }
  })

  it('with the password and the current code, one replacement; the old app stops working', async () => {
    const person = await enrolWithTotp(t, admin.actor, 'step-lea@staff.test', ['kyc'])
    const jar = await signInWithTotp(t, person)
    t.clock.advance(30_000)
    const code = totpCodeAt(person.totpSecret, t.clock.now())
    const wrongPassword = await staffCall(
      t,
      'stepup',
      { password: 'not my password!', method: 'totp', code },
      { jar },
    )
    expect(wrongPassword.body).toMatchObject({ status: false, attempts_left: expect.any(Number) })
    const wrongFactor = await staffCall(
      t,
      'stepup',
      { password: goodPassword, method: 'totp', code: wrongCode(code) },
      { jar },
    )
    expect(wrongFactor.body).toMatchObject({ status: false })
    const confirmed = await staffCall(
      t,
      'stepup',
      { password: goodPassword, method: 'totp', code },
      { jar },
    )
    expect(confirmed.body).toMatchObject({ status: true, until: expect.any(String) })

    const begun = await staffCall(t, 'totpbegin', {}, { jar })
    expect(begun.status).toBe(200)
    const secret = begun.body.secret as string
    const set = await staffCall(
      t,
      'totpconfirm',
      { code: totpCodeAt(secret, t.clock.now()) },
      { jar },
    )
    expect(set.body).toEqual({ status: true, message: 'Your authenticator app is set.' })
    // Used up: a second change needs a second step-up.
    expect((await staffCall(t, 'totpbegin', {}, { jar })).status).toBe(403)
    // The new app signs in, the old one no more.
    const renewed = { ...person, totpSecret: secret }
    await expect(signInWithTotp(t, renewed)).resolves.toBeDefined()
    await expect(signInWithTotp(t, person)).rejects.toThrow()
  })

  it('lasts five minutes', async () => {
    const person = await enrolWithTotp(t, admin.actor, 'step-max@staff.test', ['kyc'])
    const jar = await signInWithTotp(t, person)
    t.clock.advance(30_000)
    const code = totpCodeAt(person.totpSecret, t.clock.now())
    const confirmed = await staffCall(
      t,
      'stepup',
      { password: goodPassword, method: 'totp', code },
      { jar },
    )
    expect(confirmed.body.status).toBe(true)
    t.clock.advance(5 * 60_000 + 1_000)
    await staffCall(t, 'keepalive', {}, { jar })
    expect((await staffCall(t, 'totpbegin', {}, { jar })).body.message).toBe(stepUpNeeded)
  })

  it('counts wrong answers towards the lockout, which ends the session', async () => {
    const person = await enrolWithTotp(t, admin.actor, 'step-ned@staff.test', ['kyc'])
    const jar = await signInWithTotp(t, person)
    let last: Record<string, unknown> = {}
    for (let attempt = 0; attempt < 5; attempt++)
      last = (
        await staffCall(
          t,
          'stepup',
          { password: 'guessing the password', method: 'totp', code: '000000' },
          { jar, address: '203.0.113.9' },
        )
      ).body
    expect(last).toMatchObject({ status: false, blocked_until: expect.any(String) })
    expect(jar.token).toBeNull()
  })
})
