import type { CallResult } from './client'
import type { CallName } from './contract'
import { errorNotice, type Notice } from './notice'

/**
 * The one vocabulary for calls that went wrong, used by every flow: one type, one message per
 * kind of failure. Pure, so machines and views can both use it.
 */

/** A call that did not give an answer of its contract (see `CallResult`). */
export type CallFailure = Extract<CallResult<CallName>, { ok: false }>

/** No answer at all (the spec's "empty result"): the same words in every flow. */
export const networkFailureMessage =
  'We could not reach the bank. Check your connection and try again.'

/** The spec's fallback for a failed call, where a flow has none of its own. */
export const genericFailureMessage = 'An error has Occured.'

/**
 * What to tell the customer when a call failed: no answer gets the network message; a refusal
 * the server's words when it gave any, else the flow's fallback (the spec's words by default).
 */
export function failureMessage(failure: CallFailure, fallback = genericFailureMessage): string {
  if (failure.reason === 'network') return networkFailureMessage
  return answerMessage(failure.message, fallback)
}

/** `failureMessage` as the error notice a flow shows. */
export function failureNotice(failure: CallFailure, fallback = genericFailureMessage): Notice {
  return errorNotice(failureMessage(failure, fallback))
}

/** A message the server answered with, or the flow's fallback when it is empty. */
export function answerMessage(message: string | undefined, fallback: string): string {
  return message?.trim() || fallback
}

/** A `userforgot` / `userforgotpin` answer as text: its message, then its second line if any. */
export function forgotAnswerMessage(
  answer: { message: string; message1?: string | undefined },
  fallback: string,
): string {
  const parts = [answer.message, answer.message1].map((part) => part?.trim()).filter(Boolean)
  return answerMessage(parts.join(' '), fallback)
}

/** An answer whose `message` says why the server refused (`{ error: true, message }` etc.). */
type MessageAnswer = { ok: true; data: { message?: string | undefined } }

/**
 * The error notice of a refused or failed call: the server's words, else the flow's fallback;
 * no answer kept at all (an app fault) is the fallback too.
 */
export function refusalNotice(
  result: MessageAnswer | CallFailure | null,
  fallback = genericFailureMessage,
): Notice {
  if (!result) return errorNotice(fallback)
  return result.ok
    ? errorNotice(answerMessage(result.data.message, fallback))
    : failureNotice(result, fallback)
}
