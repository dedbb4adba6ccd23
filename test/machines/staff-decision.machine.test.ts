import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/staff-decision.outcomes'
import {
  type DecisionRequest,
  type DecisionResult,
  reasonNeeded,
  staffDecisionMachine,
} from '#machines/staff-decision.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = staffDecisionMachine.provide({
  actions: {
    announceDecided: (_, params) => effects.push(`toast ${params.message}`),
    reloadItem: () => effects.push('reload'),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

const reason = 'The photo of the document is not readable.'

/** The dialog's notice after each answer that decides nothing and keeps the dialog open. */
const failedNotices: Record<string, string> = {
  'network failure': networkFailureMessage,
  'client fault': 'The decision was not taken.',
}

const decided = 'Request 41 is confirmed.'

describeMachinePaths(machine, {
  events: () => [
    { type: 'ACCEPT', itemId: 41 },
    { type: 'REFUSE', itemId: 41 },
    { type: 'REASON', reason },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    ...outcomeEvents(outcomes),
  ],
  states: {
    idle: ({ context }: Snapshot, { event }) => {
      if (event.type === 'xstate.init') effects.length = 0
      else expect(event.type).toBe('CANCEL')
      expect(context).toEqual({
        itemId: null,
        verdict: null,
        reason: '',
        answer: null,
        notice: null,
      })
    },
    accepting: (snapshot: Snapshot, { event }) => {
      expect(event.type).toBe('ACCEPT')
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.context).toMatchObject({ itemId: 41, verdict: 'accept', notice: null })
    },
    refusing: (snapshot: Snapshot) => {
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.context).toMatchObject({ itemId: 41, verdict: 'refuse' })
    },
    'refusing.asking': ({ context }: Snapshot, { event }) => {
      expect(['REFUSE', 'REASON']).toContain(event.type)
      expect(context.reason).toBe(event.type === 'REASON' ? reason : '')
      expect(context.notice).toBeNull()
    },
    'refusing.reasonMissing': ({ context }: Snapshot, { event }) => {
      expect(['CONFIRM', 'REASON']).toContain(event.type)
      if (event.type === 'CONFIRM') expect(context.reason).toBe('')
      expect(context.notice).toEqual({ tone: 'error', message: reasonNeeded })
    },
    deciding: (snapshot: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('CONFIRM')
      expect(snapshot.hasTag('busy')).toBe(true)
      const { context } = snapshot
      expect(invocations.at(-1)).toEqual({
        src: 'decide',
        id: 'decide',
        input: {
          itemId: 41,
          verdict: context.verdict ?? 'accept',
          reason: context.verdict === 'refuse' ? reason : '',
        } satisfies DecisionRequest,
      })
    },
    notAnswered: (snapshot: Snapshot, { event }) => {
      expect(snapshot.hasTag('dialog')).toBe(true)
      const label = outcomeLabel(outcomes, event)
      expect(snapshot.context.notice).toEqual({ tone: 'error', message: failedNotices[label] })
    },
    decided: ({ context }: Snapshot, { event }) => {
      expect(outcomeLabel(outcomes, event)).toBe('decided')
      expect(context.notice).toEqual({ tone: 'success', message: decided })
      expect(effects.slice(-2)).toEqual([`toast ${decided}`, 'reload'])
    },
    refused: ({ context }: Snapshot, { event }) => {
      const label = outcomeLabel(outcomes, event)
      const expected: Record<string, string> = {
        'decided by someone else first': 'Ana Ruiz confirmed this request at 14:03.',
        'not your role (403)': 'Your roles do not allow this.',
        'answer outside the contract': 'The decision was not taken.',
      }
      expect(context.notice).toEqual({ tone: 'error', message: expected[label] })
      expect(effects.at(-1)).toBe('reload')
    },
    leftForSignIn: leftForLogin(outcomes, effects),
  },
})

describe('a decision', () => {
  it('sends a refusal with its reason trimmed, once, and reads the item again', async () => {
    const sent: DecisionRequest[] = []
    const done: string[] = []
    const actor = createActor(
      staffDecisionMachine.provide({
        actors: {
          decide: fromPromise<DecisionResult, DecisionRequest>(async ({ input }) => {
            sent.push(input)
            return { ok: true, data: { status: true, message: 'Declined.' } }
          }),
        },
        actions: { reloadItem: () => done.push('reload') },
      }),
    ).start()
    actor.send({ type: 'REFUSE', itemId: 7 })
    actor.send({ type: 'CONFIRM' })
    expect(sent).toEqual([])
    actor.send({ type: 'REASON', reason: `  ${reason}  ` })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (snapshot) => snapshot.matches('decided'))
    expect(sent).toEqual([{ itemId: 7, verdict: 'refuse', reason }])
    expect(done).toEqual(['reload'])
  })
})
