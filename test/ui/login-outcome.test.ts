import { describe, expect, it } from 'vitest'
import { loginOutcome, lookupOutcome } from '../../src/routes/_signed-out/-components/login-outcome'
import { networkFailureMessage } from '../../src/routes/-components/call-failure'

describe('login step 1 (iduser)', () => {
  it('shows the customer when the e-mail is known', () => {
    const outcome = lookupOutcome({
      ok: true,
      data: { error: false, message: '', user: { fullname: 'Ada L', picture: null } },
    })
    expect(outcome).toEqual({ kind: 'found', fullname: 'Ada L', picture: null, admin: false })
  })

  it("shows the server's message on error", () => {
    expect(lookupOutcome({ ok: true, data: { error: true, message: 'No such user' } })).toEqual({
      kind: 'failed',
      message: 'No such user',
    })
  })

  it('tells the customer when the bank cannot be reached', () => {
    expect(lookupOutcome({ ok: false, reason: 'network' })).toEqual({
      kind: 'failed',
      message: networkFailureMessage,
    })
  })
})

describe('login step 2 (userlogin)', () => {
  it('falls back to Invalid Credentials', () => {
    expect(loginOutcome({ ok: true, data: { error: true, message: '' } })).toEqual({
      kind: 'failed',
      message: 'Invalid Credentials',
    })
  })

  it('opens a session for a verified customer with Welcome Back', () => {
    const outcome = loginOutcome({
      ok: true,
      data: {
        error: false,
        message: '',
        jwt: 'abc',
        verified: true,
        verification_status: 'Verified',
      },
    })
    expect(outcome).toEqual({ kind: 'signed-in', token: 'abc', message: 'Welcome Back' })
  })

  it('does not open a session when another step is due', () => {
    for (const extra of [
      { verified: false },
      { role: 'admin' as const },
      { ismsg: true },
      { verification_status: 'Pending Verification' as const },
    ]) {
      const outcome = loginOutcome({
        ok: true,
        data: { error: false, message: 'Next step', jwt: 'abc', ...extra },
      })
      expect(outcome).toEqual({ kind: 'needs-step', message: 'Next step' })
    }
  })
})
