import { assertEvent, assign, setup } from 'xstate'
import { type CallFailure, failureNotice, genericFailureMessage } from '#api/call-failure'
import { errorNotice, type Notice } from '#api/notice'
import { appEffect } from './app-provided'
import { isSessionEnded } from './session-ended'
import { browserStep } from './staff-calls'

/**
 * One change by a member of staff (issue 17, 18): add a member of staff, set their roles,
 * disable them, send a new enrolment link, sign out one's other sessions, propose a broadcast
 * or a correction, freeze an account or propose to lift the freeze, confirm a deposit with the
 * amount received. Which call it is, and its fields, is the screen's (`StaffChange`).
 *
 * - REQUEST opens the confirmation dialog, saying what will happen; nothing is sent until
 *   CONFIRM; EDIT changes the fields shown in it (the roles ticked); CANCEL closes it.
 * - Done: the server's words as a toast, and the list changes at once.
 * - Refused (the server's words: not the last admin, not oneself, a bad field) or no answer:
 *   the dialog stays open with why, and CONFIRM tries again.
 * - An ended session (401) leaves for the console's sign-in.
 */

export type StaffChangeCall =
  | 'staffadd'
  | 'staffroles'
  | 'staffdisable'
  | 'staffresend'
  | 'staffresetsignin'
  | 'signoutothers'
  | 'broadcastpropose'
  | 'settingspropose'
  | 'correctionpropose'
  | 'customerfreeze'
  | 'customerunfreeze'
  | 'requestdecide'

export interface StaffChange {
  call: StaffChangeCall
  /** The call's fields, as text. */
  fields: Record<string, string>
  /** The dialog's title: "Disable Kim Kyc?" */
  title: string
  /** What confirming will do, in words. */
  consequence: string
  /** The confirming button's words: "Disable". */
  confirmLabel: string
}

/** A change's answer: `{ status, message }` and what else the call says, as the client gives it. */
export type StaffChangeResult =
  | { ok: true; data: { status: boolean; message: string } }
  | CallFailure

export interface StaffChangeContext {
  change: StaffChange | null
  answer: StaffChangeResult | null
  notice: Notice | null
}

export type StaffChangeEvent =
  | { type: 'REQUEST'; change: StaffChange }
  | { type: 'EDIT'; fields: Record<string, string> }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

const notDoneFallback = 'The change was not made.'

export const staffChangeMachine = setup({
  types: {
    context: {} as StaffChangeContext,
    events: {} as StaffChangeEvent,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    apply: browserStep<StaffChangeResult, StaffChange>('apply'),
  },
  guards: {
    isSessionEnded,
    isDone: ({ context }) => context.answer?.ok === true && context.answer.data.status,
  },
  actions: {
    keepChange: assign(({ event }) => {
      assertEvent(event, 'REQUEST')
      return { change: event.change, answer: null, notice: null }
    }),
    editFields: assign(({ context, event }) => {
      assertEvent(event, 'EDIT')
      return context.change
        ? { change: { ...context.change, fields: { ...context.change.fields, ...event.fields } } }
        : {}
    }),
    forget: assign({ change: null, answer: null, notice: null }),
    keepAnswer: assign((_, answer: StaffChangeResult) => ({ answer })),
    clearNotice: assign({ notice: null }),
    showNotDone: assign(({ context }) => ({
      notice: context.answer?.ok
        ? errorNotice(context.answer.data.message.trim() || notDoneFallback)
        : context.answer
          ? failureNotice(context.answer, notDoneFallback)
          : errorNotice(notDoneFallback),
    })),
    showUnexpectedFailure: assign({ notice: errorNotice(genericFailureMessage) }),
    /** The toast of a change made, in the server's words. */
    announceDone: appEffect<{ message: string }>(),
    /** The list shows the change at once (the screen updates it, and reads it again). */
    showInList: appEffect<{ change: StaffChange; answer: StaffChangeResult }>(),
    /** The session has ended: the console's sign-in opens and says so. */
    goToSignIn: appEffect(),
  },
}).createMachine({
  id: 'staffChange',
  description:
    'A change by a member of staff (to the staff, one’s sessions, a customer, a proposal): confirm in a dialog, the call, the result as a toast and in the list.',
  context: { change: null, answer: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'staffChangeIdle',
      meta: { description: 'The list as it is, with its buttons.' },
      on: { REQUEST: { target: 'confirming', actions: 'keepChange' } },
    },
    confirming: {
      id: 'staffChangeConfirming',
      tags: ['dialog'],
      meta: { description: 'The dialog: what the change will do; Cancel or confirm.' },
      on: {
        EDIT: { actions: 'editFields' },
        CONFIRM: { target: 'applying', actions: 'clearNotice' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    applying: {
      id: 'staffChangeApplying',
      tags: ['dialog', 'busy'],
      meta: { description: 'The call is in flight; the dialog waits.' },
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => context.change as StaffChange,
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'confirming', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      id: 'staffChangeAnswered',
      meta: { description: 'Decides on the answer at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForSignIn' },
        {
          guard: 'isDone',
          target: 'idle',
          actions: [
            {
              type: 'announceDone',
              params: ({ context }) => ({
                message: context.answer?.ok ? context.answer.data.message : '',
              }),
            },
            {
              type: 'showInList',
              params: ({ context }) => ({
                change: context.change as StaffChange,
                answer: context.answer as StaffChangeResult,
              }),
            },
            'forget',
          ],
        },
        { target: 'confirming', actions: 'showNotDone' },
      ],
    },
    leftForSignIn: {
      id: 'staffChangeLeftForSignIn',
      type: 'final',
      meta: { description: 'The session had ended: the console’s sign-in opens.' },
      entry: 'goToSignIn',
    },
  },
})
