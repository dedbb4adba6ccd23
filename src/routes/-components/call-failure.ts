import type { CallResult } from '../../api/client'
import type { CallName } from '../../api/contract'

type Failure = Extract<CallResult<CallName>, { ok: false }>

export const networkFailureMessage =
  'We could not reach the bank. Check your connection and try again.'

/** The spec's fallback for a failed call. */
export const genericFailureMessage = 'An error has Occured.'

/** What to tell the customer when a call failed: the server's words when it gave any. */
export function failureMessage(failure: Failure, fallback = genericFailureMessage): string {
  if (failure.reason === 'network') return networkFailureMessage
  return failure.message || fallback
}
