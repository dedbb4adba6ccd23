import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  failureMessage,
  genericFailureMessage,
  networkFailureMessage,
  refusalNotice,
} from '#api/call-failure'
import { emailPattern } from '#api/contract/field-rules'
import {
  code,
  email,
  fieldRules,
  isDigits,
  isEmailAddress,
  passcode,
  pin,
} from '#api/contract/fields'

describe('one failure vocabulary', () => {
  it('says the same about no answer whatever the flow’s fallback', () => {
    for (const fallback of [
      genericFailureMessage,
      'An unexpected error occured',
      'Something went wrong',
    ]) {
      expect(failureMessage({ ok: false, reason: 'network' }, fallback)).toBe(networkFailureMessage)
    }
  })

  it('gives a refusal the server’s words, else the flow’s fallback', () => {
    expect(failureMessage({ ok: false, reason: 'rejected', message: 'email: is required' })).toBe(
      'email: is required',
    )
    expect(failureMessage({ ok: false, reason: 'rejected', message: '  ' }, 'fallback')).toBe(
      'fallback',
    )
    expect(failureMessage({ ok: false, reason: 'unexpected' })).toBe(genericFailureMessage)
  })

  it('turns an answer with a message, a failure or no answer at all into an error notice', () => {
    expect(refusalNotice({ ok: true, data: { message: 'Invalid code' } }, 'fallback')).toEqual({
      tone: 'error',
      message: 'Invalid code',
    })
    expect(refusalNotice({ ok: true, data: { message: '' } }, 'fallback')).toEqual({
      tone: 'error',
      message: 'fallback',
    })
    expect(refusalNotice({ ok: false, reason: 'network' }, 'fallback').message).toBe(
      networkFailureMessage,
    )
    expect(refusalNotice(null, 'fallback')).toEqual({ tone: 'error', message: 'fallback' })
  })
})

describe('field rules, once', () => {
  it('checks a form’s e-mail exactly as the contract checks the request', () => {
    const long = `${'a'.repeat(250)}@b.example`
    for (const value of [
      'dana@meridian.example',
      ' Dana@Meridian.Example ',
      'a@b',
      'a.b.c',
      '',
      '   ',
      'dana@meridian.example\u0007',
      'first.last+tag@sub-domain.example.org',
      'dana@@meridian.example',
      long,
    ]) {
      expect(isEmailAddress(value), value).toBe(v.safeParse(email, value).success)
    }
    expect(isEmailAddress('a@b')).toBe(false)
    // The forms test with valibot's own pattern, without loading valibot.
    expect(emailPattern.source).toBe(v.email('').requirement.source)
    expect(emailPattern.flags).toBe(v.email('').requirement.flags)
  })

  it('counts the digits the contract counts', () => {
    const cases = [
      [passcode, fieldRules.passcode.digits],
      [pin, fieldRules.pin.digits],
      [code, fieldRules.code.digits],
    ] as const
    for (const [schema, digits] of cases) {
      const exact = '7'.repeat(digits)
      expect(isDigits(exact, digits)).toBe(true)
      expect(v.safeParse(schema, exact).success).toBe(true)
      expect(isDigits(`${exact}7`, digits)).toBe(false)
      expect(v.safeParse(schema, `${exact}7`).success).toBe(false)
      expect(isDigits('12a4', digits)).toBe(false)
    }
  })
})
