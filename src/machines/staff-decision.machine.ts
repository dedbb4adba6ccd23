import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { type CallFailure, failureNotice } from '#api/call-failure'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * One decision of a member of staff on one item of a queue (issue 17): a KYC case, a request, a
 * transfer. Every queue's case view (or list, one item at a time) runs it; which call it makes
 * is the screen's (`decide`).
 *
 * - ACCEPT (approve, confirm, settle) or REFUSE (decline, fail) opens the confirmation for one
 *   item. A refusal needs a reason, chosen from templates or written: the customer reads it.
 *   Nothing is sent until CONFIRM; CANCEL closes the dialog.
 * - Decided: the server's words as a toast, and the item read again (it left the queue).
 * - Refused by the server: its words in the dialog's place, and the item read again, since it
 *   changed (another member of staff decided it: the server names who and when).
 * - No answer: the dialog stays open with the network message, and CONFIRM tries again.
 * - An ended session (401) leaves for the console's sign-in.
 */

export type Verdict = 'accept' | 'refuse'

export interface DecisionRequest {
  /** The item decided on: a KYC case, a request, a transfer (the screen knows which). */
  itemId: number
  verdict: Verdict
  /** Empty for `accept`. */
  reason: string
}

/** A decision call's answer, as the console's client gives it. */
export type DecisionResult = { ok: true; data: { status: boolean; message: string } } | CallFailure

export interface StaffDecisionContext {
  itemId: number | null
  verdict: Verdict | null
  reason: string
  answer: DecisionResult | null
  notice: Notice | null
}

export type StaffDecisionEvent =
  | { type: 'ACCEPT'; itemId: number }
  | { type: 'REFUSE'; itemId: number }
  | { type: 'REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

export const reasonNeeded = 'Give the customer a reason: choose one or write it.'
const decidedFallback = 'Done.'
const refusedFallback = 'The decision was not taken.'

export const staffDecisionMachine = setup({
  types: {
    context: {} as StaffDecisionContext,
    events: {} as StaffDecisionEvent,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    decide: fromPromise<DecisionResult, DecisionRequest>(async () => {
      throw new Error('decide is provided by the screen')
    }),
  },
  guards: {
    isReasonMissing: ({ context }) => context.reason.trim().length === 0,
    isDecided: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isRefusedByServer: ({ context }) =>
      context.answer !== null &&
      (context.answer.ok ||
        context.answer.reason === 'rejected' ||
        context.answer.reason === 'unexpected'),
    isSessionEnded,
  },
  actions: {
    keepVerdict: assign(({ event }) => {
      assertEvent(event, ['ACCEPT', 'REFUSE'])
      return {
        itemId: event.itemId,
        verdict: (event.type === 'ACCEPT' ? 'accept' : 'refuse') as Verdict,
        reason: '',
        answer: null,
        notice: null,
      }
    }),
    keepReason: assign(({ event }) => {
      assertEvent(event, 'REASON')
      return { reason: event.reason }
    }),
    showReasonNeeded: assign({ notice: () => errorNotice(reasonNeeded) }),
    forget: assign({ itemId: null, verdict: null, reason: '', answer: null, notice: null }),
    keepAnswer: assign((_, answer: DecisionResult) => ({ answer })),
    showDecided: assign(({ context }) => ({
      notice: successNotice(
        (context.answer?.ok && context.answer.data.message.trim()) || decidedFallback,
      ),
    })),
    showRefused: assign(({ context }) => ({
      notice: context.answer?.ok
        ? errorNotice(context.answer.data.message.trim() || refusedFallback)
        : failureNotice(context.answer as CallFailure, refusedFallback),
    })),
    showFailed: assign(({ context }) => ({
      notice:
        context.answer && !context.answer.ok
          ? failureNotice(context.answer, refusedFallback)
          : errorNotice(refusedFallback),
    })),
    /** The toast of a decision taken; the screen provides it. */
    announceDecided: appEffect<{ message: string }>(),
    /** The item is read again (it left the queue, or someone else changed it). */
    reloadItem: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'staffDecision',
  description:
    'A decision on one item of a queue: choose accept or refuse (with a reason), confirm, and the call.',
  context: { itemId: null, verdict: null, reason: '', answer: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'staffDecisionIdle',
      meta: { description: 'The case as it is; the accept and refuse buttons.' },
      on: {
        ACCEPT: { target: 'accepting', actions: 'keepVerdict' },
        REFUSE: { target: 'refusing', actions: 'keepVerdict' },
      },
    },
    accepting: {
      id: 'staffDecisionAccepting',
      tags: ['dialog'],
      meta: { description: 'The confirmation dialog: what accepting the item will do.' },
      on: { CONFIRM: 'deciding', CANCEL: { target: 'idle', actions: 'forget' } },
    },
    refusing: {
      id: 'staffDecisionRefusing',
      tags: ['dialog'],
      initial: 'asking',
      meta: {
        description:
          'The confirmation dialog of a refusal, with the reason the customer will read.',
      },
      on: {
        REASON: { actions: 'keepReason' },
        CONFIRM: [
          { guard: 'isReasonMissing', target: '.reasonMissing', actions: 'showReasonNeeded' },
          { target: 'deciding' },
        ],
        CANCEL: { target: 'idle', actions: 'forget' },
      },
      states: {
        asking: {
          id: 'staffDecisionAsking',
          meta: {
            description: 'A reason chosen from the templates or written; Confirm or Cancel.',
          },
        },
        reasonMissing: {
          id: 'staffDecisionReasonMissing',
          meta: { description: 'Confirm without a reason: nothing sent, the reason asked for.' },
        },
      },
    },
    deciding: {
      id: 'staffDecisionDeciding',
      tags: ['busy', 'dialog'],
      meta: { description: 'The decision is sent; the dialog waits for the answer.' },
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({
          itemId: context.itemId ?? 0,
          verdict: context.verdict ?? 'accept',
          reason: context.verdict === 'refuse' ? context.reason.trim() : '',
        }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'notAnswered', actions: 'showFailed' },
      },
    },
    notAnswered: {
      id: 'staffDecisionNotAnswered',
      tags: ['dialog'],
      meta: { description: 'No answer (or a fault): the dialog stays, and Confirm tries again.' },
      on: { CONFIRM: 'deciding', CANCEL: { target: 'idle', actions: 'forget' } },
    },
    answered: {
      id: 'staffDecisionAnswered',
      meta: { description: 'Decides on the answer at once.' },
      always: [
        { guard: 'isDecided', target: 'decided', actions: 'showDecided' },
        { guard: 'isSessionEnded', target: 'leftForSignIn' },
        { guard: 'isRefusedByServer', target: 'refused', actions: 'showRefused' },
        { target: 'notAnswered', actions: 'showFailed' },
      ],
    },
    decided: {
      id: 'staffDecisionDecided',
      meta: { description: "The server's words as a toast; the item is read again." },
      entry: [
        {
          type: 'announceDecided',
          params: ({ context }) => ({ message: context.notice?.message ?? decidedFallback }),
        },
        'reloadItem',
      ],
      on: {
        ACCEPT: { target: 'accepting', actions: 'keepVerdict' },
        REFUSE: { target: 'refusing', actions: 'keepVerdict' },
      },
    },
    refused: {
      id: 'staffDecisionRefused',
      meta: {
        description:
          "The server's refusal (someone else decided it: who and when); the item is read again.",
      },
      entry: 'reloadItem',
      on: {
        ACCEPT: { target: 'accepting', actions: 'keepVerdict' },
        REFUSE: { target: 'refusing', actions: 'keepVerdict' },
      },
    },
    leftForSignIn: {
      id: 'staffDecisionLeftForSignIn',
      type: 'final',
      meta: { description: 'The session ended: the console signs in again.' },
      entry: 'leaveEndedSession',
    },
  },
})
