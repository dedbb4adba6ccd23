import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, fromPromise } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomes } from '#dev/outcomes/insights.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { type InsightsAnswer, insightsMachine } from '#machines/insights.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
} from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = insightsMachine.provide({ actions: { ...recordSessionEnd(effects) } })

/** The alert after each answer that is not figures. */
const failureAlert: Record<string, string> = {
  'refused: a month outside the 12': 'The month must be one of the last 12 months.',
  'answer outside the contract': 'An error has Occured.',
  'network failure': networkFailureMessage,
  'client fault': 'An error has Occured.',
}

const figuresOf = (event: AnyEventObject) =>
  (event.output as Extract<InsightsAnswer, { ok: true }>).data

const pathOptions = {
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'CHOOSE_MONTH', month: '2026-05' } as const,
    { type: 'RETRY' } as const,
  ],
}

describeMachinePaths(machine, {
  ...pathOptions,
  states: {
    loading: (snapshot, { event, previous, invocations }) => {
      if (event.type === 'xstate.init') effects.length = 0
      expect(snapshot.hasTag('busy')).toBe(true)
      if (event.type === 'CHOOSE_MONTH') expect(snapshot.context.month).toBe(event.month)
      else expect(snapshot.context.month).toBe(previous?.context.month ?? '')
      // The figures shown stay while the next ones load.
      expect(snapshot.context.figures).toBe(previous?.context.figures ?? null)
      expect(invocations.at(-1)).toEqual({
        src: 'insights',
        id: 'insights',
        input: { month: snapshot.context.month },
      })
    },
    failed: ({ context }, { event }) => {
      expect(context.alert).toEqual({
        tone: 'error',
        message: failureAlert[outcomeLabel(outcomes, event)],
      })
    },
    empty: ({ context }, { event }) => {
      expect(outcomeLabel(outcomes, event)).toBe('no lines in the 12 months')
      expect(context.figures).toBe(figuresOf(event))
      expect(context.alert).toBeNull()
    },
    ready: ({ context }, { event }) => {
      expect(outcomeLabel(outcomes, event)).toMatch(/^figures, /)
      expect(context.figures).toBe(figuresOf(event))
      expect(context.alert).toBeNull()
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})

describe('insights', () => {
  it('asks for the current month first, then the month chosen', async () => {
    const sent: unknown[] = []
    const [current, chosen] = outcomes.insights
    const answers = [current.output, chosen.output]
    const actor = createActor(
      insightsMachine.provide({
        actors: {
          insights: fromPromise(async ({ input }) => {
            sent.push(input)
            return answers.shift() as unknown as InsightsAnswer
          }),
        },
      }),
    ).start()
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-05' })
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.figures?.month).toBe('2026-05')
    expect(sent).toEqual([{ month: '' }, { month: '2026-05' }])
  })

  it('loads only the month chosen last when another is chosen while one loads', async () => {
    const sent: unknown[] = []
    const [current, chosen] = outcomes.insights
    const actor = createActor(
      insightsMachine.provide({
        actors: {
          insights: fromPromise(async ({ input }) => {
            sent.push(input)
            return (input.month === '2026-05'
              ? chosen.output
              : current.output) as unknown as InsightsAnswer
          }),
        },
      }),
    ).start()
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-11' })
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-05' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.figures?.month).toBe('2026-05')
    expect(sent).toEqual([{ month: '' }, { month: '2026-11' }, { month: '2026-05' }])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(machine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
