import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * The scheduled transfers' list (issue 20, docs/decisions/088): each series with its upcoming
 * days; "Skip" on one day sends `trsskip` at once (the others stay); "Cancel series" asks in a
 * dialog first, then sends `trscancel`. What a change did shows in the server's words and the
 * list is read again; a refusal (the day already made, the series no longer active) too.
 */

export type ScheduleChangeAnswer = CallResult<'skipScheduledRun' | 'cancelScheduledSeries'>

export interface ScheduledTransfersContext {
  /** The series being changed: its id, and the day for a skip. */
  series: number | null
  day: string | null
  answer: ScheduleChangeAnswer | null
  notice: Notice | null
}

export type ScheduledTransfersEvent =
  | { type: 'SKIP'; series: number; day: string }
  | { type: 'CANCEL_SERIES'; series: number }
  | { type: 'CONFIRM' }
  | { type: 'KEEP' }

const refusalOf = (answer: ScheduleChangeAnswer | null): Notice =>
  !answer
    ? errorNotice(genericFailureMessage)
    : answer.ok
      ? errorNotice(answer.data.message || genericFailureMessage)
      : failureNotice(answer)

export const scheduledTransfersMachine = setup({
  types: {
    context: {} as ScheduledTransfersContext,
    events: {} as ScheduledTransfersEvent,
    tags: {} as 'dialog' | 'busy',
  },
  actors: {
    skipScheduledRun: appCall('skipScheduledRun'),
    cancelScheduledSeries: appCall('cancelScheduledSeries'),
  },
  guards: {
    isAnswered: ({ context }) => context.answer?.ok === true,
    isSessionEnded,
  },
  actions: {
    pickDay: assign(({ event }) => {
      assertEvent(event, 'SKIP')
      return { series: event.series, day: event.day, answer: null, notice: null }
    }),
    pickSeries: assign(({ event }) => {
      assertEvent(event, 'CANCEL_SERIES')
      return { series: event.series, day: null, answer: null, notice: null }
    }),
    close: assign({ series: null, day: null, answer: null, notice: null }),
    keepAnswer: assign((_, answer: ScheduleChangeAnswer) => ({ answer })),
    /** Done or refused, the server's words; the list is read again either way. */
    showAnswer: assign(({ context }) => ({
      series: null,
      day: null,
      notice:
        context.answer?.ok && context.answer.data.status
          ? successNotice(context.answer.data.message)
          : refusalOf(context.answer),
    })),
    showFailure: assign(({ context }) => ({ notice: refusalOf(context.answer) })),
    showFault: assign({ notice: errorNotice(genericFailureMessage) }),
    /** The list is read again: the change shows in it. */
    refreshList: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'scheduledTransfers',
  description:
    'Scheduled transfers: the upcoming days of each series, one day skipped (skipScheduledRun), a series cancelled after a dialog (cancelScheduledSeries).',
  context: { series: null, day: null, answer: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'scheduledTransfersIdle',
      meta: {
        description:
          'The list: each series (payee, amount, repeat) with its upcoming days, Skip on each day and Cancel series; what the last change did above it.',
      },
      on: {
        SKIP: { target: 'skipping', actions: 'pickDay' },
        CANCEL_SERIES: { target: 'confirmingCancel', actions: 'pickSeries' },
      },
    },
    skipping: {
      id: 'scheduledTransfersSkipping',
      tags: ['busy'],
      meta: { description: 'skipScheduledRun is in flight for one day.' },
      invoke: {
        id: 'skipScheduledRun',
        src: 'skipScheduledRun',
        input: ({ context }) => ({ series: String(context.series ?? ''), day: context.day ?? '' }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'idle', actions: ['close', 'showFault'] },
      },
    },
    confirmingCancel: {
      id: 'scheduledTransfersConfirmingCancel',
      tags: ['dialog'],
      initial: 'asking',
      meta: {
        description:
          'A dialog: cancel this scheduled transfer? None of its upcoming days is made; transfers already made stay. Cancel series and Keep it.',
      },
      on: {
        CONFIRM: 'cancelling',
        KEEP: { target: 'idle', actions: 'close' },
      },
      states: {
        asking: {
          id: 'scheduledTransfersAsking',
          meta: { description: 'The series named, Cancel series and Keep it.' },
        },
        failed: {
          id: 'scheduledTransfersCancelFailed',
          meta: { description: 'No answer, or one outside the contract: the dialog says so.' },
        },
      },
    },
    cancelling: {
      id: 'scheduledTransfersCancelling',
      tags: ['dialog', 'busy'],
      meta: { description: 'cancelScheduledSeries is in flight.' },
      invoke: {
        id: 'cancelScheduledSeries',
        src: 'cancelScheduledSeries',
        input: ({ context }) => ({ series: String(context.series ?? '') }),
        onDone: {
          target: 'cancelAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#scheduledTransfersCancelFailed', actions: 'showFault' },
      },
    },
    answered: {
      id: 'scheduledTransfersAnswered',
      meta: { description: 'Decides on the answer of skipScheduledRun at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: 'idle', actions: ['showAnswer', 'refreshList'] },
      ],
    },
    cancelAnswered: {
      id: 'scheduledTransfersCancelAnswered',
      meta: { description: 'Decides on the answer of cancelScheduledSeries at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isAnswered', target: 'idle', actions: ['showAnswer', 'refreshList'] },
        { target: '#scheduledTransfersCancelFailed', actions: 'showFailure' },
      ],
    },
    leftForLogin: {
      id: 'scheduledTransfersLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
