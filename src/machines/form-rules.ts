import type { CallResult } from '#api/client'
import type { CallName } from '#api/contract'

/**
 * Field rules and messages shared by the signup, verify, forgot and reset flows (spec sections
 * 5 and 8, in the spec's own words where it has them), and how a failed call becomes a message.
 * Pure functions: the machines use them in guards and actions, the tests to state expectations.
 */

export const ruleMessages = {
  /** Spec 5: the e-mail must contain @. */
  invalidEmail: "That doesn't look like an email address",
  /** Spec 5 (settings passcode title); the spec's 'Password must be > 6 characters' contradicts
   * the 6-digit passcode, see docs/decisions/009-signup-verify-reset-flows.md. */
  passcodeLength: 'Passcode must be 6 digits',
  pinLength: 'PIN must be 4 digits',
  /** Spec 5 and 8: a new value differing from its confirmation. */
  mismatch: 'Password Mismatch',
  codeLength: 'Enter the 6-digit code from the e-mail',
} as const

/** Spec 8: 'An error has Occured.' on a failed call. */
export const failedCallMessage = 'An error has Occured.'

export const passcodeLength = 6
export const pinLength = 4
export const codeLength = 6

/**
 * An e-mail address as far as the client can tell: text, an @, a domain with a dot, no spaces.
 * (The spec asks for an @; the server checks the address fully.)
 */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
}

/** Digits only, at most `max` of them: what a numeric secret field keeps of its input. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max)
}

export function isDigits(value: string, count: number): boolean {
  return value.length === count && /^\d+$/.test(value)
}

/** A call that did not give an answer to read. */
export type CallFailure = Extract<CallResult<CallName>, { ok: false }>

/**
 * The message for a failed call: the server's own words when it refused with some, else the
 * flow's fallback. A network failure is the spec's empty result: always the fallback.
 */
export function failureText(failure: CallFailure, fallback: string): string {
  if (failure.reason === 'network') return fallback
  return failure.message?.trim() || fallback
}

/** A server message, or the fallback when it is empty. */
export function serverText(message: string | undefined, fallback: string): string {
  return message?.trim() || fallback
}

/** A `userforgot` / `userforgotpin` answer as text: its message, then its second line if any. */
export function forgotAnswerText(
  answer: { message: string; message1?: string | undefined },
  fallback: string,
): string {
  const text = [answer.message, answer.message1].map((part) => part?.trim()).filter(Boolean)
  return serverText(text.join(' '), fallback)
}
