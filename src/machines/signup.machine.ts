import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { answerMessage, genericFailureMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import { digitsOnly, fieldRules, isDigits, isEmailAddress } from '#api/contract/field-rules'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffects, redirectDelay } from './app-provided'

/**
 * Signup (spec sections 4, 5, 7): first name, last name, username, e-mail, a 6-digit passcode
 * with its confirmation and the required age-and-terms checkbox. `newuser` creates the
 * unverified customer; its message shows, and after the redirect delay (5 s, or at once with
 * Continue) the customer goes to verify (`/account/verify/$email`).
 *
 * The fields live in context (the view renders them and sends CHANGE / AGREE). Errors show
 * after the first SUBMIT and then follow every change. `input.values` prefills the form (the
 * path tests start from a valid form, since the graph does not look at context).
 */

export type SignupTextField =
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'email'
  | 'passcode'
  | 'confirmPasscode'

export type SignupField = SignupTextField | 'agreed'

export interface SignupValues {
  firstName: string
  lastName: string
  username: string
  email: string
  passcode: string
  confirmPasscode: string
  agreed: boolean
}

export type SignupErrors = Partial<Record<SignupField, string>>

export interface SignupInput {
  values?: Partial<SignupValues>
}

export interface SignupContext {
  values: SignupValues
  /** The messages under the fields, once the customer has tried to submit. */
  errors: SignupErrors
  showErrors: boolean
  /** The server's answer (or the fallback) above the form. */
  alert: Notice | null
  /** The last answer of signUp (newuser), as the client gave it. */
  answer: SignUpResult | null
  /** The address verify is opened with: the server's `data.email`, else the one entered. */
  verifyEmail: string
}

export type SignupEvent =
  | { type: 'CHANGE'; field: SignupTextField; value: string }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CONTINUE' }

export type SignUpRequest = CallRequest<'signUp'>
export type SignUpResult = CallResult<'signUp'>

export const termsLabel = () => t`I'm at least 18 years old and agree to the following terms`

/** Read when shown, so each is in the language in use. */
export const signupMessages = {
  get firstName() {
    return t`Enter your first name`
  },
  get lastName() {
    return t`Enter your last name`
  },
  get username() {
    return t`Choose a username`
  },
  get confirmPasscode() {
    return t`Enter your passcode again`
  },
  get agreed() {
    return t`Please confirm that you are at least 18 and agree to the terms`
  },
  /** When the server accepts without a message of its own. */
  get created() {
    return t`Your account has been created. Enter the code we sent to your e-mail.`
  },
  /** When the server refuses without a message, or cannot be reached. */
  failed: genericFailureMessage,
}

const emptyValues: SignupValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  passcode: '',
  confirmPasscode: '',
  agreed: false,
}

/** The value a field keeps of its input: passcodes keep digits only, at most six. */
export function normaliseSignupField(field: SignupTextField, value: string): string {
  return field === 'passcode' || field === 'confirmPasscode'
    ? digitsOnly(value, fieldRules.passcode.digits)
    : value
}

/** Spec section 5, field by field; an empty object means the form may be sent. */
export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {}
  if (values.firstName.trim() === '') errors.firstName = signupMessages.firstName
  if (values.lastName.trim() === '') errors.lastName = signupMessages.lastName
  if (values.username.trim() === '') errors.username = signupMessages.username
  if (!isEmailAddress(values.email)) errors.email = fieldRules.email.message
  if (!isDigits(values.passcode, fieldRules.passcode.digits))
    errors.passcode = fieldRules.passcode.message
  if (values.confirmPasscode === '') errors.confirmPasscode = signupMessages.confirmPasscode
  else if (values.confirmPasscode !== values.passcode)
    errors.confirmPasscode = fieldRules.confirmation.message
  if (!values.agreed) errors.agreed = signupMessages.agreed
  return errors
}

/** The `newuser` fields: names trimmed, fullname = first + last. */
export function signupRequest(values: SignupValues): SignUpRequest {
  const firstName = values.firstName.trim()
  const lastName = values.lastName.trim()
  return {
    firstName: firstName,
    lastName: lastName,
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.passcode,
    fullname: `${firstName} ${lastName}`,
  }
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    output: {} as { email: string },
    tags: {} as 'busy' | 'redirecting',
  },
  actors: { signUp: appCall('signUp') },
  delays: { redirectDelay },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateSignup(context.values)).length === 0,
    isAccountCreated: ({ context }) => context.answer?.ok === true && !context.answer.data.error,
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE')
      const values = {
        ...context.values,
        [event.field]: normaliseSignupField(event.field, event.value),
      }
      return { values, errors: context.showErrors ? validateSignup(values) : {} }
    }),
    updateAgreement: assign(({ context, event }) => {
      assertEvent(event, 'AGREE')
      const values = { ...context.values, agreed: event.agreed }
      return { values, errors: context.showErrors ? validateSignup(values) : {} }
    }),
    showValidationErrors: assign(({ context }) => ({
      showErrors: true,
      errors: validateSignup(context.values),
      alert: null,
    })),
    clearAlert: assign({ alert: null, errors: {} }),
    keepAnswer: assign((_, answer: SignUpResult) => ({ answer })),
    showAccountCreated: assign(({ context }) => {
      const answer = context.answer?.ok ? context.answer.data : undefined
      return {
        alert: successNotice(answerMessage(answer?.message, signupMessages.created)),
        verifyEmail: answer?.data?.email?.trim() || context.values.email.trim(),
      }
    }),
    showRefusal: assign(({ context }) => ({
      alert: refusalNotice(context.answer, signupMessages.failed),
    })),
    showUnexpectedFailure: assign({ alert: errorNotice(signupMessages.failed) }),
    ...appEffects,
  },
}).createMachine({
  id: 'signup',
  description: 'Opening an account: the form, the signUp call, then on to e-mail verification.',
  context: ({ input }) => ({
    values: { ...emptyValues, ...input?.values },
    errors: {},
    showErrors: false,
    alert: null,
    answer: null,
    verifyEmail: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      id: 'signupEditing',
      meta: {
        description:
          'The form. After a SUBMIT with mistakes, each field shows its rule; a refusal from the server shows above the form.',
      },
      on: {
        CHANGE: { actions: 'updateField' },
        AGREE: { actions: 'updateAgreement' },
        SUBMIT: [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearAlert' },
          { actions: 'showValidationErrors' },
        ],
      },
    },
    submitting: {
      id: 'signupSubmitting',
      meta: { description: 'signUp is in flight; the form is disabled.' },
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => signupRequest(context.values),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'signupAnswered',
      meta: { description: 'Decides on the answer of signUp at once.' },
      always: [
        { guard: 'isAccountCreated', target: 'registered', actions: 'showAccountCreated' },
        { target: 'editing', actions: 'showRefusal' },
      ],
    },
    registered: {
      id: 'signupRegistered',
      meta: {
        description:
          "The server's message (success); verify opens after the redirect delay, or at once with Continue.",
      },
      tags: ['redirecting'],
      after: { redirectDelay: { target: 'leftForVerify' } },
      on: { CONTINUE: { target: 'leftForVerify' } },
    },
    leftForVerify: {
      id: 'signupLeftForVerify',
      meta: { description: 'The route has been asked to open verify for the new address.' },
      tags: ['redirecting'],
      type: 'final',
      entry: { type: 'goToVerify', params: ({ context }) => ({ email: context.verifyEmail }) },
    },
  },
  output: ({ context }) => ({ email: context.verifyEmail }),
})
