import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/statements.outcomes'
import {
  noFilter,
  type StatementFilter,
  type StatementPage,
  statementPageLimit,
  statementsMachine,
  statementsMessages,
} from '#machines/statements.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import type { StepContext } from '../harness/types'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const marchCredits: StatementFilter = {
  ...noFilter,
  from: '2025-03-01',
  to: '2025-03-31',
  type: 'credit',
  search: 'rent march',
  minAmount: '100',
  maxAmount: '2500.50',
}
const reversed: StatementFilter = { ...noFilter, from: '2025-03-31', to: '2025-03-01' }
/** What the view passes on when a typed date is not a day (30 February). */
const unreadable: StatementFilter = { ...noFilter, from: '30/02/2025' }
const badAmount: StatementFilter = { ...noFilter, minAmount: '12.345' }
const amountsReversed: StatementFilter = { ...noFilter, minAmount: '50', maxAmount: '49.99' }
const refusals = new Map([
  [reversed, { about: 'dates', message: statementsMessages.datesReversed }],
  [unreadable, { about: 'dates', message: statementsMessages.dateUnreadable }],
  [badAmount, { about: 'amounts', message: statementsMessages.amountUnreadable }],
  [amountsReversed, { about: 'amounts', message: statementsMessages.amountsReversed }],
])

const effects: string[] = []
const machine = statementsMachine.provide({
  actions: {
    showFilter: (_, filter) => effects.push(`address ${JSON.stringify(filter)}`),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The alert after each answer that is not a page. */
const failureAlert: Record<string, string> = {
  'refused: a cursor or filter the server does not accept':
    'The page marker must come from the previous page.',
  'answer outside the contract': 'An error has Occured.',
  'network failure': networkFailureMessage,
  'client fault': 'An error has Occured.',
}

const pageOf = (event: AnyEventObject) =>
  (event.output as Extract<StatementPage, { ok: true }>).data

type Assertion = (snapshot: Snapshot, step: StepContext<Snapshot>) => void

/**
 * A date range the wrong way round, or a date that is not a day, changes nothing but the
 * filter's message, in every state that takes a filter; other steps go to the state's own
 * assertion.
 */
const unlessRefused =
  (assertion: Assertion): Assertion =>
  (snapshot, step) => {
    const refusal = step.event.type === 'FILTER' && refusals.get(step.event.filter)
    if (refusal) {
      expect(snapshot.context.filterError).toEqual(refusal)
      expect(snapshot.value).toEqual(step.previous?.value)
      expect(snapshot.context.rows).toBe(step.previous?.context.rows)
      expect(snapshot.context.filter).toBe(step.previous?.context.filter)
      return
    }
    assertion(snapshot, step)
  }

describeMachinePaths(machine, {
  input: {},
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'FILTER', filter: marchCredits },
    { type: 'FILTER', filter: reversed },
    { type: 'FILTER', filter: unreadable },
    { type: 'FILTER', filter: badAmount },
    { type: 'FILTER', filter: amountsReversed },
    { type: 'LOAD_MORE' },
    { type: 'RETRY' },
  ],
  states: {
    loading: unlessRefused(({ context }, { event, invocations }) => {
      if (event.type === 'xstate.init') effects.length = 0
      expect(context.rows).toEqual([])
      expect(context.cursor).toBeNull()
      expect(context.alert).toBeNull()
      if (event.type === 'FILTER') {
        expect(context.filter).toBe(event.filter)
        expect(context.filterError).toBeNull()
        // The applied filter goes into the address.
        expect(effects.at(-1)).toBe(`address ${JSON.stringify(event.filter)}`)
      }
      // The first page of the filter: no cursor.
      expect(invocations.at(-1)).toEqual({
        src: 'statementPage',
        id: 'statementPage',
        input: { ...context.filter, limit: String(statementPageLimit) },
      })
    }),
    failed: unlessRefused(({ context }, { event }) => {
      expect(context.rows).toEqual([])
      expect(context.alert).toEqual({
        tone: 'error',
        message: failureAlert[outcomeLabel(outcomes, event)],
      })
    }),
    empty: unlessRefused(({ context }, { event }) => {
      expect(outcomeLabel(outcomes, event)).toBe('no transactions')
      expect(context.rows).toEqual([])
      expect(context.cursor).toBeNull()
    }),
    ready: unlessRefused(({ context }, { event, previous }) => {
      expect(outcomeLabel(outcomes, event)).toBe('a page, more to come')
      const page = pageOf(event)
      expect(context.cursor).toBe(page.nextCursor)
      expect(context.currency).toBe(page.currency)
      // A first page replaces the rows; a later one is appended to those shown.
      const before = previous?.matches('loadingMore') ? previous.context.rows : []
      expect(context.rows).toEqual([...before, ...page.transactions])
      expect(context.alert).toBeNull()
    }),
    loadingMore: unlessRefused((snapshot, { event, previous, invocations }) => {
      const { context } = snapshot
      expect(event.type).toBe('LOAD_MORE')
      expect(snapshot.hasTag('loadingMore')).toBe(true)
      expect(context.rows).toBe(previous?.context.rows)
      expect(context.rows.length).toBeGreaterThan(0)
      expect(invocations.at(-1)).toEqual({
        src: 'statementPage',
        id: 'statementPage',
        input: { ...context.filter, cursor: context.cursor, limit: String(statementPageLimit) },
      })
    }),
    moreFailed: unlessRefused(({ context }, { event, previous }) => {
      // The rows already shown stay; the reason shows with Try again.
      expect(context.rows).toBe(previous?.context.rows)
      expect(context.rows.length).toBeGreaterThan(0)
      expect(context.alert?.message).toBe(failureAlert[outcomeLabel(outcomes, event)])
    }),
    complete: unlessRefused(({ context }, { event, previous }) => {
      const afterMore = previous?.matches('loadingMore') === true
      // The last page; after a cursor it may be empty (the previous page ended on a boundary).
      expect(afterMore ? ['the last page', 'no transactions'] : ['the last page']).toContain(
        outcomeLabel(outcomes, event),
      )
      const before = afterMore ? (previous?.context.rows ?? []) : []
      expect(context.rows).toEqual([...before, ...pageOf(event).transactions])
      expect(context.cursor).toBeNull()
    }),
    leftForLogin: leftForLogin(outcomes, effects),
  },
})

describe('statements paging', () => {
  it('follows nextCursor page after page, and a new filter starts again from the first', async () => {
    const sent: unknown[] = []
    const pages = outcomes.statementPage
    const answers = [pages[0].output, pages[0].output, pages[1].output, pages[1].output]
    const actor = createActor(
      statementsMachine.provide({
        actors: {
          statementPage: fromPromise(async ({ input }) => {
            sent.push(input)
            return answers.shift() as unknown as StatementPage
          }),
        },
      }),
      { input: {} },
    ).start()
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'LOAD_MORE' })
    // A second LOAD_MORE while one page is in flight asks for nothing more.
    actor.send({ type: 'LOAD_MORE' })
    await settle()
    actor.send({ type: 'LOAD_MORE' })
    await settle()
    expect(actor.getSnapshot().value).toBe('complete')
    expect(actor.getSnapshot().context.rows).toHaveLength(5)
    actor.send({ type: 'FILTER', filter: marchCredits })
    await settle()
    expect(sent).toEqual([
      { ...noFilter, limit: '100' },
      { ...noFilter, cursor: 'MjAyNS0wMy0wNg', limit: '100' },
      { ...noFilter, cursor: 'MjAyNS0wMy0wNg', limit: '100' },
      { ...marchCredits, limit: '100' },
    ])
    expect(actor.getSnapshot().context.rows).toHaveLength(1)
    actor.stop()
  })

  it('does not call the server for a date range the wrong way round', () => {
    const actor = createActor(statementsMachine, { input: {} }).start()
    actor.send({ type: 'FILTER', filter: reversed })
    expect(actor.getSnapshot().context.filterError).toEqual({
      about: 'dates',
      message: statementsMessages.datesReversed,
    })
    expect(actor.getSnapshot().context.filter).toEqual(noFilter)
    actor.stop()
  })

  it('starts from the filter in the address', async () => {
    const sent: unknown[] = []
    const actor = createActor(
      statementsMachine.provide({
        actors: {
          statementPage: fromPromise(async ({ input }) => {
            sent.push(input)
            return outcomes.statementPage[2].output as unknown as StatementPage
          }),
        },
      }),
      { input: { filter: marchCredits } },
    ).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('empty')
    expect(sent).toEqual([{ ...marchCredits, limit: '100' }])
    actor.stop()
  })
})
