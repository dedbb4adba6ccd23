import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { assertEvent, assign, setup } from 'xstate'
import { failureNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallResponse } from '#api/contract'
import { statementFilter } from '#api/contract/statement-filter'
import { parseAmount } from '#api/money'
import type { Notice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * Statements & Report (spec section 2): the customer's transactions, newest first, a page at a
 * time by keyset (`getstatement2` with `nextCursor`, docs/decisions/025), filtered by a date
 * range and by credit/debit. The list is virtualised on screen; when the customer nears the end
 * of what is loaded the view sends LOAD_MORE, and the next page is appended. A new filter starts
 * again from the first page. The downloads run beside it (file-download.machine.ts).
 * See docs/decisions/013-statements-screen.md.
 */

export type StatementPage = CallResult<'statementPage'>
export type StatementRow = CallResponse<'statementPage'>['transactions'][number]

export interface StatementFilter {
  /** First UTC day included, YYYY-MM-DD, or empty (or, in a FILTER event, a typed date unread). */
  from: string
  /** Last UTC day included, YYYY-MM-DD, or empty (or, in a FILTER event, a typed date unread). */
  to: string
  type: '' | 'credit' | 'debit'
  /** Words the lines must contain (payee, note, reference), or empty. */
  search: string
  /** The smallest amount, as typed (or, in a FILTER event, an amount unread), or empty. */
  minAmount: string
  /** The largest amount, as typed, or empty. */
  maxAmount: string
}

export const noFilter: StatementFilter = {
  from: '',
  to: '',
  type: '',
  search: '',
  minAmount: '',
  maxAmount: '',
}

/** Rows a page asks for: the contract's largest, so a deep scroll needs fewer calls. */
export const statementPageLimit = 100

export const statementsMessages = {
  /** The dates of a filter the wrong way round: checked here, no call is made. */
  get datesReversed() {
    return t`The start date must be on or before the end date.`
  },
  /** A date that is not a day of the calendar as dd/mm/yyyy: checked here, no call is made. */
  get dateUnreadable() {
    return t`Type each date as dd/mm/yyyy, e.g. 07/03/2026.`
  },
  /** An amount bound that is not an amount: checked here, no call is made. */
  get amountUnreadable() {
    return t`Type each amount as a number with at most 2 decimals, e.g. 120.50.`
  },
  /** Amount bounds the wrong way round: checked here, no call is made. */
  get amountsReversed() {
    return t`The smallest amount must not be more than the largest.`
  },
} as const

/** Why a filter is not applied, and the part of the form it concerns. */
export interface FilterProblem {
  about: 'dates' | 'amounts'
  message: string
}

export interface StatementsContext {
  /** The filter of the rows shown (or being loaded). */
  filter: StatementFilter
  rows: readonly StatementRow[]
  currency: string
  /** Where the next page starts; null after the last. */
  cursor: string | null
  answer: StatementPage | null
  /** Why the first page or the next one could not load. */
  alert: Notice | null
  /** Why the filter last submitted was not applied. */
  filterError: FilterProblem | null
}

export interface StatementsInput {
  /** The filter in the address (`?from=&to=&type=`), so a reload or Back keeps it. */
  filter?: StatementFilter
}

export type StatementsEvent =
  | { type: 'FILTER'; filter: StatementFilter }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }

const problem = (about: FilterProblem['about'], message: string): FilterProblem => ({
  about,
  message,
})

/**
 * Why the server would refuse a filter, checked here so that no call is made: a date that is
 * not a day of the calendar, the dates the wrong way round, an amount that is not one, the
 * amounts the wrong way round. Null when it can be applied.
 */
export function filterProblem(filter: StatementFilter): FilterProblem | null {
  if (!v.is(statementFilter.from, filter.from) || !v.is(statementFilter.to, filter.to))
    return problem('dates', statementsMessages.dateUnreadable)
  if (filter.from !== '' && filter.to !== '' && filter.from > filter.to)
    return problem('dates', statementsMessages.datesReversed)
  if (
    !v.is(statementFilter.minAmount, filter.minAmount) ||
    !v.is(statementFilter.maxAmount, filter.maxAmount)
  )
    return problem('amounts', statementsMessages.amountUnreadable)
  const least = parseAmount(filter.minAmount)
  const most = parseAmount(filter.maxAmount)
  if (least !== null && most !== null && least > most)
    return problem('amounts', statementsMessages.amountsReversed)
  return null
}

export const statementsMachine = setup({
  types: {
    context: {} as StatementsContext,
    events: {} as StatementsEvent,
    input: {} as StatementsInput,
    tags: {} as 'busy' | 'loadingMore',
  },
  actors: { statementPage: appCall('statementPage') },
  guards: {
    isFilterRefused: ({ event }) => event.type === 'FILTER' && filterProblem(event.filter) !== null,
    isSessionEnded,
    isCallFailure: ({ context }) => context.answer?.ok === false,
    isEmpty: ({ context }) =>
      context.answer?.ok === true && context.answer.data.transactions.length === 0,
    hasMore: ({ context }) =>
      context.answer?.ok === true && context.answer.data.nextCursor !== null,
  },
  actions: {
    keepFilter: assign(({ event }) => {
      assertEvent(event, 'FILTER')
      return { filter: event.filter, filterError: null }
    }),
    showFilterProblem: assign(({ event }) => {
      assertEvent(event, 'FILTER')
      return { filterError: filterProblem(event.filter) }
    }),
    /** Puts the applied filter in the address, replacing the history entry (the screen's). */
    showFilter: appEffect<StatementFilter>(),
    startOver: assign({ rows: [], cursor: null, answer: null, alert: null }),
    keepAnswer: assign((_, answer: StatementPage) => ({ answer })),
    keepPage: assign(({ context }) =>
      context.answer?.ok
        ? {
            rows: context.answer.data.transactions,
            currency: context.answer.data.currency,
            cursor: context.answer.data.nextCursor,
          }
        : {},
    ),
    appendPage: assign(({ context }) =>
      context.answer?.ok
        ? {
            rows: [...context.rows, ...context.answer.data.transactions],
            cursor: context.answer.data.nextCursor,
            alert: null,
          }
        : {},
    ),
    showCallFailure: assign(({ context }) => ({
      alert: context.answer?.ok === false ? failureNotice(context.answer) : null,
    })),
    showUnexpectedFailure: assign({ alert: failureNotice({ ok: false, reason: 'unexpected' }) }),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'statements',
  description: 'Statements & Report: keyset pages of statementPage, a filter, more on scroll.',
  context: ({ input }) => ({
    filter: input.filter ?? noFilter,
    rows: [],
    currency: '',
    cursor: null,
    answer: null,
    alert: null,
    filterError: null,
  }),
  initial: 'loading',
  // Every state takes a new filter (in the final one the machine has stopped), so it is
  // declared once, on the machine: it leaves the current state and loads the first page again.
  on: {
    FILTER: [
      { guard: 'isFilterRefused', actions: 'showFilterProblem' },
      {
        target: '.loading',
        actions: ['keepFilter', { type: 'showFilter', params: ({ context }) => context.filter }],
      },
    ],
  },
  states: {
    loading: {
      tags: ['busy'],
      meta: {
        description:
          'The first page of the filter is loading (on arrival, after a new filter or Retry); the filter form stays.',
      },
      entry: 'startOver',
      invoke: {
        id: 'statementPage',
        src: 'statementPage',
        input: ({ context }) => ({ ...context.filter, limit: String(statementPageLimit) }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      meta: { description: 'Decides on the first page at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isCallFailure', target: 'failed', actions: 'showCallFailure' },
        { guard: 'isEmpty', target: 'empty', actions: 'keepPage' },
        { guard: 'hasMore', target: 'ready', actions: 'keepPage' },
        { target: 'complete', actions: 'keepPage' },
      ],
    },
    failed: {
      meta: { description: 'The first page could not load: the reason, with Retry.' },
      on: {
        RETRY: 'loading',
      },
    },
    empty: {
      meta: {
        description:
          'No Transaction History (for this filter), with the advice to contact support.',
      },
    },
    ready: {
      meta: { description: 'Rows are shown and more exist: scrolling near the end loads more.' },
      on: {
        LOAD_MORE: 'loadingMore',
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      meta: { description: 'The next page is loading below the rows already shown.' },
      invoke: {
        id: 'statementPage',
        src: 'statementPage',
        input: ({ context }) => ({
          ...context.filter,
          cursor: context.cursor ?? '',
          limit: String(statementPageLimit),
        }),
        onDone: {
          target: 'moreAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'moreFailed', actions: 'showUnexpectedFailure' },
      },
    },
    moreAnswered: {
      meta: { description: 'Decides on the next page at once.' },
      always: [
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isCallFailure', target: 'moreFailed', actions: 'showCallFailure' },
        { guard: 'hasMore', target: 'ready', actions: 'appendPage' },
        { target: 'complete', actions: 'appendPage' },
      ],
    },
    moreFailed: {
      meta: {
        description:
          'The next page could not load: the rows stay, the reason shows with Try again.',
      },
      on: {
        LOAD_MORE: 'loadingMore',
      },
    },
    complete: {
      meta: { description: 'Every row of the filter is shown.' },
    },
    leftForLogin: {
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
