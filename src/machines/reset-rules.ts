import { failureNotice, forgotAnswerMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { digitsOnly, fieldRules, isDigits, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice } from '#api/notice'

/**
 * What the passcode reset (reset-passcode.machine.ts, `userforgot`) and the PIN reset
 * (reset-pin.machine.ts, `userforgotpin`) share: the form, its rules (spec section 5) and
 * messages, and how an answer becomes a message. Two machines rather than one with a `kind`
 * input: a machine invokes its actors by fixed names, and each machine's generated paths must
 * reach all of it from one input.
 *
 * - The index screens (`account/reset`, `account/resetpin`) ask for the e-mail, the 6-digit code
 *   from the e-mail, the new secret and its confirmation.
 * - The link screens (`.../r/$email/$token`) take the e-mail and the code from the link
 *   (`input.email` + `input.code`: `fromLink`) and ask only for the new secret twice.
 */

export type ResetKind = 'passcode' | 'pin'

export interface ResetValues {
  email: string
  code: string
  secret: string
  confirmSecret: string
}

export type ResetTextField = 'email' | 'secret' | 'confirmSecret'

export type ResetErrors = Partial<Record<keyof ResetValues, string>>

export interface ResetInput {
  email?: string
  /** The code from the link (`$token`): the e-mail and code are then not asked for. */
  code?: string
  /** Prefills the form (path tests, the flow explorer). */
  values?: Partial<ResetValues>
}

export interface ResetContext {
  values: ResetValues
  /** The e-mail and code came with the link. */
  fromLink: boolean
  errors: ResetErrors
  showErrors: boolean
  /** The last answers of the reset and of "send a new code", as the client gave them. */
  answer: ResetAnswer | null
  resendAnswer: ResendAnswer | null
  alert: Notice | null
  /** What the last "send a new code" answer says (passcode only). */
  newCodeNotice: Notice | null
}

export type ResetEvent =
  | { type: 'CHANGE'; field: ResetTextField; value: string }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE' }

export const secretLength: Record<ResetKind, number> = {
  passcode: fieldRules.passcode.digits,
  pin: fieldRules.pin.digits,
}

export const resetMessages = {
  passcodeReset: 'Your passcode has been reset. You can now sign in with it.',
  pinReset: 'Your PIN has been reset.',
  /** The forgot flow's fallback (spec 8), kept for both resets. */
  failed: 'An unexpected error occured',
  /** Spec 8, on resends. */
  codeSent: 'Code Sent, Please Wait',
  resendFailed: 'Something went wrong',
} as const

export function initialContext(input: ResetInput | undefined): ResetContext {
  const fromLink = input?.code !== undefined
  return {
    values: {
      email: input?.email?.trim() ?? '',
      code: input?.code?.trim() ?? '',
      secret: '',
      confirmSecret: '',
      ...input?.values,
    },
    fromLink,
    errors: {},
    showErrors: false,
    answer: null,
    resendAnswer: null,
    alert: null,
    newCodeNotice: null,
  }
}

/** The value a field keeps: the secrets keep digits only, up to their length. */
export function normaliseResetField(kind: ResetKind, field: ResetTextField, value: string) {
  return field === 'email' ? value : digitsOnly(value, secretLength[kind])
}

/** Spec section 5, field by field; an empty object means the form may be sent. */
export function validateReset(kind: ResetKind, values: ResetValues): ResetErrors {
  const errors: ResetErrors = {}
  if (!isEmailAddress(values.email)) errors.email = fieldRules.email.message
  if (!isDigits(values.code, fieldRules.code.digits)) errors.code = fieldRules.code.message
  if (!isDigits(values.secret, secretLength[kind])) errors.secret = fieldRules[kind].message
  if (values.confirmSecret !== values.secret) errors.confirmSecret = fieldRules.confirmation.message
  return errors
}

export type ResetRequest = Extract<CallRequest<'userforgot'>, { action: 'reset' }>
export type ResetPinRequest = Extract<CallRequest<'userforgotpin'>, { action: 'reset' }>

/** The reset fields of `userforgot` / `userforgotpin`. */
export function resetRequest(values: ResetValues): ResetRequest {
  return {
    action: 'reset',
    email: values.email.trim(),
    reset_code: values.code.trim(),
    new_password: values.secret,
  }
}

export type ResetAnswer = CallResult<'userforgot'> | CallResult<'userforgotpin'>
export type ResendAnswer = CallResult<'resendforgotcode'>

export const isResetDone = ({ context }: { context: ResetContext }) =>
  context.answer?.ok === true && context.answer.data.icon === 'success'

export function changedValues(kind: ResetKind, context: ResetContext, event: ResetEvent) {
  if (event.type === 'CHANGE') {
    return { ...context.values, [event.field]: normaliseResetField(kind, event.field, event.value) }
  }
  if (event.type === 'CODE_CHANGED') return { ...context.values, code: event.code }
  return context.values
}

/** What a reset answer says: its message on success, else the server's words or the fallback. */
export function resetNotice(answer: ResetAnswer | null, success: string): Notice {
  if (!answer) return errorNotice(resetMessages.failed)
  if (!answer.ok) return failureNotice(answer, resetMessages.failed)
  return answer.data.icon === 'success'
    ? successNotice(forgotAnswerMessage(answer.data, success))
    : errorNotice(forgotAnswerMessage(answer.data, resetMessages.failed))
}
