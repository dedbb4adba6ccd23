import { assertEvent, assign, setup } from 'xstate'
import { failureNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallResponse } from '#api/contract'
import type { Notice } from '#api/notice'
import { appCall, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * Insights (issue 20, docs/decisions/089): the customer's money in and out per month for the
 * last 12 months, and one month's lines by transaction type, from one call (`insights`). A
 * month chosen loads again; the figures shown stay until the new ones arrive. A customer with
 * no line that moved money in the 12 months sees the empty state.
 */

export type InsightsAnswer = CallResult<'insights'>
export type InsightsFigures = CallResponse<'insights'>

export interface InsightsContext {
  /** The month asked for, YYYY-MM; empty for the current one (the server's clock decides). */
  month: string
  /** The figures shown: the last ones that loaded. */
  figures: InsightsFigures | null
  answer: InsightsAnswer | null
  /** Why the figures could not load. */
  alert: Notice | null
}

export type InsightsEvent = { type: 'CHOOSE_MONTH'; month: string } | { type: 'RETRY' }

const hasNoLines = (figures: InsightsFigures) =>
  figures.months.every((month) => month.linesIn === 0 && month.linesOut === 0)

export const insightsMachine = setup({
  types: {
    context: {} as InsightsContext,
    events: {} as InsightsEvent,
    tags: {} as 'busy',
  },
  actors: { insights: appCall('insights') },
  guards: {
    isSessionEnded,
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isEmpty: ({ context }) => context.answer?.ok === true && hasNoLines(context.answer.data),
  },
  actions: {
    keepMonth: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_MONTH')
      return { month: event.month }
    }),
    keepAnswer: assign((_, answer: InsightsAnswer) => ({ answer })),
    keepFigures: assign(({ context }) =>
      context.answer?.ok ? { figures: context.answer.data, alert: null } : {},
    ),
    showCallFailure: assign(({ context }) => ({
      alert: context.answer?.ok === false ? failureNotice(context.answer) : null,
    })),
    showUnexpectedFailure: assign({ alert: failureNotice({ ok: false, reason: 'unexpected' }) }),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'insights',
  description: 'Insights: money in and out per month, and a chosen month by type.',
  context: { month: '', figures: null, answer: null, alert: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      meta: {
        description:
          'The figures are loading (on arrival, after a month is chosen or Retry); those shown stay. Another month chosen meanwhile is loaded instead.',
      },
      // The picker stays usable while a month loads (a disabled one would drop the keyboard's
      // focus): the month chosen last is the one loaded.
      on: {
        CHOOSE_MONTH: { target: 'loading', reenter: true, actions: 'keepMonth' },
      },
      invoke: {
        id: 'insights',
        src: 'insights',
        input: ({ context }) => ({ month: context.month }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      meta: { description: 'Decides on the answer at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isCallFailure', target: 'failed', actions: 'showCallFailure' },
        { guard: 'isEmpty', target: 'empty', actions: 'keepFigures' },
        { target: 'ready', actions: 'keepFigures' },
      ],
    },
    failed: {
      meta: {
        description: 'The figures could not load: the reason, with Retry; a month may be chosen.',
      },
      on: {
        RETRY: 'loading',
        CHOOSE_MONTH: { target: 'loading', actions: 'keepMonth' },
      },
    },
    empty: {
      meta: {
        description: 'No line moved money in the last 12 months: says so, with no charts.',
      },
    },
    ready: {
      meta: {
        description:
          'The months chart and table, the month picker, and the chosen month by type, each with its table.',
      },
      on: {
        CHOOSE_MONTH: { target: 'loading', actions: 'keepMonth' },
      },
    },
    leftForLogin: {
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
