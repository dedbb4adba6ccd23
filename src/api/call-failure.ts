import type { CallResult } from './client'
import type { CallName } from './contract'

/** A call that did not give an answer of its contract (see `CallResult`). */
export type CallFailure = Extract<CallResult<CallName>, { ok: false }>

export const networkFailureMessage =
  'We could not reach the bank. Check your connection and try again.'

/** The spec's fallback for a failed call. */
export const genericFailureMessage = 'An error has Occured.'

/**
 * What to tell the customer when a call failed: the spec's "empty result" (no answer) gets the
 * network message, a refusal the server's words when it gave any, anything else the fallback.
 * Pure, so machines and views can both use it.
 */
export function failureMessage(failure: CallFailure, fallback = genericFailureMessage): string {
  if (failure.reason === 'network') return networkFailureMessage
  return failure.message || fallback
}
