import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { fieldRules, isDigits, isEmailAddress } from '#api/contract/fields'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'
import { endsSession, leaveEndedSession } from './session-ended'

/**
 * Changing the e-mail address in Settings (spec sections 2, 5 and 8; docs/decisions/026):
 * `updateemail (email)` sends a 6-digit code to the new address, `confirmemail (code)` checks
 * it and only then replaces the address (the old address is told by the server).
 *
 * - Save stays disabled until the address matches the e-mail pattern (spec 5); SUBMIT_EMAIL
 *   with anything else goes to `address.invalid` and sends nothing.
 * - Code sent: the code step, with the server's words ("We have sent a 6-digit code to …").
 *   A code that is not 6 digits goes to `code.invalid`; CHANGE_ADDRESS goes back to the address.
 * - A change still waiting for its code when the screen opens (`pendingEmail`, which the server
 *   reports with the profile: after a reload or signing in again) starts on the code step.
 * - A refused code (wrong or expired) empties the cells (`codeResets`); a call that got no
 *   answer keeps them, to be sent again as they are.
 * - Confirmed: 'Action Successful!' with the new address, and the screen reads the profile
 *   again. A refusal shows the server's words, else 'An error has Occured.'; no answer the
 *   network message. An ended session (401) leaves for login.
 */

/** Read when shown, in the language in use; the contract's field messages come as it has them. */
export const emailChangeMessages = {
  get saved() {
    return t`Action Successful!`
  },
  get failed() {
    return genericFailureMessage
  },
  get email() {
    return fieldRules.email.message
  },
  get code() {
    return fieldRules.code.message
  },
} as const

/** The code step of a change asked for earlier (a reload, or signing in again). */
export const pendingChangeMessage = (email: string) =>
  t`We have sent a 6-digit code to ${email} to confirm it as your new address. Enter it below, or use another address.`

type EmailResult = CallResult<'requestEmailChange'>
type ConfirmResult = CallResult<'confirmEmailChange'>

export interface EmailChangeInput {
  /** The new address of a change that waits for its code (the server's `pendingEmail`). */
  pendingEmail?: string | null
}

export interface EmailChangeContext {
  /** The new address the code was asked for. */
  email: string
  code: string
  /** Counts how often the cells were emptied; the view remounts them on each change. */
  codeResets: number
  fieldError: string | null
  requestAnswer: EmailResult | null
  confirmAnswer: ConfirmResult | null
  notice: Notice | null
}

export type EmailChangeEvent =
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CHANGE_ADDRESS' }

const refusal = (answer: EmailResult | ConfirmResult | null): Notice => {
  if (answer === null) return errorNotice(emailChangeMessages.failed)
  if (!answer.ok) return failureNotice(answer, emailChangeMessages.failed)
  return errorNotice(answer.data.message.trim() || emailChangeMessages.failed)
}

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    tags: {} as 'busy',
  },
  actors: {
    requestEmailChange: appCall('requestEmailChange'),
    confirmEmailChange: appCall('confirmEmailChange'),
  },
  guards: {
    hasPendingChange: ({ context }) => context.email !== '',
    isEmailAddress: ({ event }) => {
      assertEvent(event, 'SUBMIT_EMAIL')
      return isEmailAddress(event.email)
    },
    isCode: ({ event }) => {
      assertEvent(event, 'SUBMIT_CODE')
      return isDigits(event.code.trim(), fieldRules.code.digits)
    },
    isCodeSent: ({ context }) =>
      context.requestAnswer?.ok === true && context.requestAnswer.data.status,
    isConfirmed: ({ context }) =>
      context.confirmAnswer?.ok === true && context.confirmAnswer.data.status,
    isRequestSessionEnded: ({ context }) => endsSession(context.requestAnswer),
    isConfirmSessionEnded: ({ context }) => endsSession(context.confirmAnswer),
    isCodeRefused: ({ context }) =>
      context.confirmAnswer?.ok === true && !context.confirmAnswer.data.status,
  },
  actions: {
    keepEmail: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_EMAIL')
      return { email: event.email.trim(), fieldError: null, notice: null, requestAnswer: null }
    }),
    keepCode: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_CODE')
      return { code: event.code.trim(), fieldError: null, notice: null, confirmAnswer: null }
    }),
    showEmailError: assign(() => ({ fieldError: emailChangeMessages.email, notice: null })),
    showCodeError: assign(() => ({ fieldError: emailChangeMessages.code, notice: null })),
    clearMessages: assign({ fieldError: null, notice: null, code: '' }),
    keepRequestAnswer: assign((_, answer: EmailResult) => ({ requestAnswer: answer })),
    keepConfirmAnswer: assign((_, answer: ConfirmResult) => ({ confirmAnswer: answer })),
    showCodeSent: assign(({ context }) => ({
      notice: successNotice(
        context.requestAnswer?.ok ? context.requestAnswer.data.message : emailChangeMessages.saved,
      ),
    })),
    showPendingChange: assign(({ context }) => ({
      notice: successNotice(pendingChangeMessage(context.email)),
    })),
    showRequestRefusal: assign(({ context }) => ({ notice: refusal(context.requestAnswer) })),
    showConfirmRefusal: assign(({ context }) => ({ notice: refusal(context.confirmAnswer) })),
    clearCode: assign({ code: '', codeResets: ({ context }) => context.codeResets + 1 }),
    showConfirmed: assign(({ context }) => {
      const data = context.confirmAnswer?.ok ? context.confirmAnswer.data : null
      const said = data?.message.trim()
      return {
        email: data?.email ?? context.email,
        code: '',
        notice: successNotice(
          said ? `${emailChangeMessages.saved} ${said}` : emailChangeMessages.saved,
        ),
      }
    }),
    refreshProfile: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'emailChange',
  description:
    'A new e-mail address, confirmed by a code sent to it (requestEmailChange, confirmEmailChange).',
  context: ({ input }) => ({
    email: input?.pendingEmail?.trim() ?? '',
    code: '',
    codeResets: 0,
    fieldError: null,
    requestAnswer: null,
    confirmAnswer: null,
    notice: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      id: 'emailChangeOpening',
      meta: { description: 'A change that waits for its code opens on the code step.' },
      always: [
        { guard: 'hasPendingChange', target: 'code', actions: 'showPendingChange' },
        { target: 'address' },
      ],
    },
    address: {
      id: 'emailChangeAddress',
      initial: 'editing',
      meta: { description: 'The new address; Save stays disabled until it matches the pattern.' },
      on: {
        SUBMIT_EMAIL: [
          { guard: 'isEmailAddress', target: 'requesting', actions: 'keepEmail' },
          { target: '.invalid', actions: 'showEmailError' },
        ],
      },
      states: {
        editing: { id: 'emailChangeEditing' },
        invalid: {
          id: 'emailChangeInvalid',
          meta: { description: "'That doesn't look like an email address'; nothing sent." },
        },
        failed: {
          id: 'emailChangeRequestFailed',
          meta: {
            description:
              "The server's words (already yours, cannot be used, wait before a new code), else 'An error has Occured.'.",
          },
        },
      },
    },
    requesting: {
      id: 'emailChangeRequesting',
      tags: ['busy'],
      invoke: {
        id: 'requestEmailChange',
        src: 'requestEmailChange',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'requestAnswered',
          actions: { type: 'keepRequestAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#emailChangeRequestFailed', actions: 'showRequestRefusal' },
      },
    },
    requestAnswered: {
      always: [
        { guard: 'isCodeSent', target: 'code', actions: 'showCodeSent' },
        { guard: 'isRequestSessionEnded', target: 'leftForLogin' },
        { target: '#emailChangeRequestFailed', actions: 'showRequestRefusal' },
      ],
    },
    code: {
      id: 'emailChangeCode',
      initial: 'entry',
      meta: { description: 'The 6-digit code sent to the new address, with Confirm.' },
      on: {
        SUBMIT_CODE: [
          { guard: 'isCode', target: 'confirming', actions: 'keepCode' },
          { target: '.invalid', actions: 'showCodeError' },
        ],
        CHANGE_ADDRESS: { target: '#emailChangeEditing', actions: 'clearMessages' },
      },
      states: {
        entry: { id: 'emailChangeCodeEntry' },
        invalid: {
          id: 'emailChangeCodeInvalid',
          meta: { description: "'Enter the 6-digit code from the e-mail'; nothing sent." },
        },
        failed: {
          id: 'emailChangeCodeFailed',
          meta: {
            description:
              "The server's words (a wrong or expired code: the cells are emptied), else the fallback (the cells keep the code).",
          },
        },
      },
    },
    confirming: {
      id: 'emailChangeConfirming',
      tags: ['busy'],
      invoke: {
        id: 'confirmEmailChange',
        src: 'confirmEmailChange',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'confirmAnswered',
          actions: { type: 'keepConfirmAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#emailChangeCodeFailed', actions: 'showConfirmRefusal' },
      },
    },
    confirmAnswered: {
      always: [
        { guard: 'isConfirmed', target: 'saved', actions: 'showConfirmed' },
        { guard: 'isConfirmSessionEnded', target: 'leftForLogin' },
        {
          guard: 'isCodeRefused',
          target: '#emailChangeCodeFailed',
          actions: ['showConfirmRefusal', 'clearCode'],
        },
        { target: '#emailChangeCodeFailed', actions: 'showConfirmRefusal' },
      ],
    },
    saved: {
      id: 'emailChangeSaved',
      meta: {
        description:
          "'Action Successful!' and the new address; the old address has been told. The form can start again.",
      },
      entry: 'refreshProfile',
      on: { CHANGE_ADDRESS: { target: '#emailChangeEditing', actions: 'clearMessages' } },
    },
    leftForLogin: {
      id: 'emailChangeLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
