import { t } from '@lingui/core/macro'
import { failureNotice, forgotAnswerMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { digitsOnly, fieldRules, isDigits, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice } from '#api/notice'

/**
 * The rules of the reset flow (reset.machine.ts), one machine for the passcode and the PIN:
 * the secret is its input, and `resetSecrets` holds all that differs between the two (the
 * call, the length, the words, the message of a reset, whether a new code can be sent). The
 * form, its rules (spec section 5) and messages, and how an answer becomes a message, are the
 * same for both.
 *
 * - The index screens (`account/reset`, `account/resetpin`) ask for the e-mail, the 6-digit code
 *   from the e-mail, the new secret and its confirmation.
 * - The link screens (`.../r/$email/$token`) take the e-mail and the code from the link
 *   (`input.email` + `input.code`: `fromLink`) and ask only for the new secret twice.
 */

export type ResetSecret = 'passcode' | 'pin'

/** The call that sets a secret with the code from the e-mail (action=reset). */
export type ResetCall = 'resetPasscode' | 'resetPin'

/** Read when shown, so each is in the language in use. */
export const resetMessages = {
  get passcodeReset() {
    return t`Your passcode has been reset. You can now sign in with it.`
  },
  get pinReset() {
    return t`Your PIN has been reset.`
  },
  /** The forgot flow's fallback (spec 8), kept for both resets. */
  get failed() {
    return t`An unexpected error occured`
  },
  /** Spec 8, on resends. */
  get codeSent() {
    return t`Code Sent, Please Wait`
  },
  get resendFailed() {
    return t`Something went wrong`
  },
}

export interface ResetSecretRules {
  call: ResetCall
  /** Digits (spec section 5). */
  length: number
  /** A reset's message when the server's answer has none. */
  resetMessage: string
  /** "Send a new code" (`resendforgotcode`, which sends passcode reset codes only). */
  sendsNewCode: boolean
  /** The screen's words. */
  words: {
    title: string
    done: string
    name: string
    secret: string
    confirm: string
    submit: string
    /** Before the way back to sign in, when the screen says more than the link. */
    remembered: string | null
  }
}

/** Passcode or PIN: what the reset of each one is. */
export const resetSecrets: Record<ResetSecret, ResetSecretRules> = {
  passcode: {
    call: 'resetPasscode',
    length: fieldRules.passcode.digits,
    get resetMessage() {
      return resetMessages.passcodeReset
    },
    sendsNewCode: true,
    words: {
      get title() {
        return t`Reset your passcode`
      },
      get done() {
        return t`Passcode changed`
      },
      get name() {
        return t`passcode`
      },
      get secret() {
        return t`New passcode`
      },
      get confirm() {
        return t`Confirm passcode`
      },
      get submit() {
        return t`Reset passcode`
      },
      get remembered() {
        return t`Remembered it?`
      },
    },
  },
  pin: {
    call: 'resetPin',
    length: fieldRules.pin.digits,
    get resetMessage() {
      return resetMessages.pinReset
    },
    sendsNewCode: false,
    words: {
      get title() {
        return t`Reset your PIN`
      },
      get done() {
        return t`PIN changed`
      },
      get name() {
        return t`PIN`
      },
      get secret() {
        return t`New PIN`
      },
      get confirm() {
        return t`Confirm PIN`
      },
      get submit() {
        return t`Reset PIN`
      },
      remembered: null,
    },
  },
}

export interface ResetValues {
  email: string
  code: string
  secret: string
  confirmSecret: string
}

export type ResetTextField = 'email' | 'secret' | 'confirmSecret'

export type ResetErrors = Partial<Record<keyof ResetValues, string>>

export interface ResetInput {
  /** Which secret is reset (default: the passcode, as in the flow explorer). */
  secret?: ResetSecret
  email?: string
  /** The code from the link (`$token`): the e-mail and code are then not asked for. */
  code?: string
  /** Prefills the form (path tests, the flow explorer). */
  values?: Partial<ResetValues>
}

export interface ResetContext {
  secret: ResetSecret
  values: ResetValues
  /** The e-mail and code came with the link. */
  fromLink: boolean
  errors: ResetErrors
  showErrors: boolean
  /** The last answers of the reset and of "send a new code", as the client gave them. */
  answer: ResetAnswer | null
  resendAnswer: ResendAnswer | null
  alert: Notice | null
  /** What the last "send a new code" answer says (the passcode only). */
  newCodeNotice: Notice | null
}

export type ResetEvent =
  | { type: 'CHANGE'; field: ResetTextField; value: string }
  | { type: 'CODE_CHANGED'; code: string }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE' }

export function initialContext(input: ResetInput | undefined): ResetContext {
  const fromLink = input?.code !== undefined
  return {
    secret: input?.secret ?? 'passcode',
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
export function normaliseResetField(secret: ResetSecret, field: ResetTextField, value: string) {
  return field === 'email' ? value : digitsOnly(value, resetSecrets[secret].length)
}

/** Spec section 5, field by field; an empty object means the form may be sent. */
export function validateReset(secret: ResetSecret, values: ResetValues): ResetErrors {
  const errors: ResetErrors = {}
  if (!isEmailAddress(values.email)) errors.email = fieldRules.email.message
  if (!isDigits(values.code, fieldRules.code.digits)) errors.code = fieldRules.code.message
  if (!isDigits(values.secret, resetSecrets[secret].length)) {
    errors.secret = fieldRules[secret].message
  }
  if (values.confirmSecret !== values.secret) errors.confirmSecret = fieldRules.confirmation.message
  return errors
}

/** The reset fields of `userforgot` and `userforgotpin`: the same for both. */
export type ResetRequest = Extract<CallRequest<ResetCall>, { action: 'reset' }>

/** What the machine's one reset actor (`resetSecret`) is given: the secret's call, its fields. */
export interface ResetCallInput {
  call: ResetCall
  request: ResetRequest
}

/** The reset call of the context's secret, with the form's fields. */
export function resetCallInput({ secret, values }: ResetContext): ResetCallInput {
  return {
    call: resetSecrets[secret].call,
    request: {
      action: 'reset',
      email: values.email.trim(),
      resetCode: values.code.trim(),
      newSecret: values.secret,
    },
  }
}

export type ResetAnswer = CallResult<ResetCall>
export type ResendAnswer = CallResult<'resendPasscodeResetCode'>

export function changedValues(context: ResetContext, event: ResetEvent) {
  if (event.type === 'CHANGE') {
    const value = normaliseResetField(context.secret, event.field, event.value)
    return { ...context.values, [event.field]: value }
  }
  if (event.type === 'CODE_CHANGED') return { ...context.values, code: event.code }
  return context.values
}

/**
 * What a reset answer says: on success the server's words, else the secret's message; else
 * the server's words or the fallback.
 */
export function resetNotice({ secret, answer }: ResetContext): Notice {
  if (!answer) return errorNotice(resetMessages.failed)
  if (!answer.ok) return failureNotice(answer, resetMessages.failed)
  return answer.data.icon === 'success'
    ? successNotice(forgotAnswerMessage(answer.data, resetSecrets[secret].resetMessage))
    : errorNotice(forgotAnswerMessage(answer.data, resetMessages.failed))
}
