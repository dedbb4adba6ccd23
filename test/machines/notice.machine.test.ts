import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import { logoutOutcomes } from '#dev/outcomes/logout.outcomes'
import { accountNoticeOutcomes, outcomes } from '#dev/outcomes/notice.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { noticeMachine } from '#machines/notice.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
  type StepContext,
} from '../harness/generated-paths'
import { fakeLogout, unansweredLogout } from './support/logout'

type Snapshot = SnapshotFrom<typeof noticeMachine>
type Step = StepContext<Snapshot>

const effects: string[] = []
const recordedMachine = noticeMachine.provide({
  actions: {
    forgetNoticeToken: () => effects.push('forgetNoticeToken'),
    clearStorage: () => effects.push('clearStorage'),
    goToLogin: () => effects.push('goToLogin'),
  },
})

const pathOptions = { events: () => outcomeEvents(outcomes) }

const accountNoticeDone = 'xstate.done.actor.accountNotice'
const shownNotice = accountNoticeOutcomes.notice.output.ok
  ? accountNoticeOutcomes.notice.output.data.notice
  : null

/** The failure message each failed getsinfo outcome must show. */
function expectedFailure({ event }: Step): string {
  if (event.type === 'xstate.error.actor.accountNotice') return genericFailureMessage
  if (event.output === accountNoticeOutcomes.network.output) return networkFailureMessage
  if (event.output === accountNoticeOutcomes.rejected.output) return 'getsinfo is not built yet'
  throw new Error(`unexpected way into failed: ${event.type}`)
}

describeMachinePaths(recordedMachine, {
  ...pathOptions,
  states: {
    loading: (snapshot, { event, invocations }) => {
      if (event.type === 'xstate.init') effects.length = 0
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.failure).toBeNull()
      expect(invocations.at(-1)).toMatchObject({ src: 'accountNotice', id: 'accountNotice' })
      expect(effects).toEqual([])
    },
    failed: (snapshot, step) => {
      expect(snapshot.context.failure).toEqual({ tone: 'error', message: expectedFailure(step) })
      expect(snapshot.context.notice).toBeNull()
      expect(effects).toEqual([])
    },
    'showing.tokenKept': (snapshot, { event }) => {
      expect(event.output).toBe(accountNoticeOutcomes.notice.output)
      expect(snapshot.context.notice).toEqual(shownNotice)
      expect(effects).toEqual([])
    },
    'showing.tokenCleared': (snapshot, { event }) => {
      expect(event.type).toBe('xstate.after.tokenClearDelay.noticeTokenKept')
      expect(snapshot.context.notice).toEqual(shownNotice)
      expect(effects).toEqual(['forgetNoticeToken'])
    },
    signingOut: (snapshot, { previous, invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      // the shared logout sub-flow, revoking sbaUid
      expect(invocations.at(-1)).toEqual({
        src: 'signOut',
        id: 'signOut',
        input: { token: 'notice' },
      })
      const tokenWasCleared = previous?.matches({ showing: 'tokenCleared' }) === true
      expect(effects).toEqual(tokenWasCleared ? ['forgetNoticeToken'] : [])
    },
    leftForLogin: (snapshot, { event, previous }) => {
      expect(snapshot.status).toBe('done')
      expect(effects.slice(-2)).toEqual(['clearStorage', 'goToLogin'])
      if (event.type === accountNoticeDone) {
        // no notice to show, or the token is missing or dead: straight to login
        expect([
          accountNoticeOutcomes.unauthorized.output,
          accountNoticeOutcomes.noNotice.output,
        ]).toContain(event.output)
        expect(effects).toEqual(['clearStorage', 'goToLogin'])
      } else {
        expect(event.type).toBe('xstate.done.actor.signOut')
        expect(previous?.matches('signingOut')).toBe(true)
      }
    },
  },
})

describe('account notice', () => {
  it('removes sbaUid 5 s after the notice shows, and keeps showing it', async () => {
    const clock = new SimulatedClock()
    const log: string[] = []
    const machine = noticeMachine.provide({
      actors: { accountNotice: fromPromise(async () => accountNoticeOutcomes.notice.output) },
      actions: { forgetNoticeToken: () => log.push('forget sbaUid') },
    })
    const actor = createActor(machine, { clock }).start()
    await waitFor(actor, (s) => s.matches('showing'))
    clock.increment(4999)
    expect(log).toEqual([])
    clock.increment(1)
    expect(log).toEqual(['forget sbaUid'])
    expect(actor.getSnapshot().value).toEqual({ showing: 'tokenCleared' })
  })

  it('logs out after 3 s when logout does not answer', async () => {
    const clock = new SimulatedClock()
    const log: string[] = []
    const machine = noticeMachine.provide({
      actors: {
        accountNotice: fromPromise(async () => accountNoticeOutcomes.notice.output),
        signOut: fakeLogout(unansweredLogout),
      },
      actions: { clearStorage: () => log.push('clear'), goToLogin: () => log.push('login') },
    })
    const actor = createActor(machine, { clock }).start()
    await waitFor(actor, (s) => s.matches('showing'))
    actor.send({ type: 'LOGOUT' })
    clock.increment(2999)
    expect(log).toEqual([])
    clock.increment(1)
    expect(log).toEqual(['clear', 'login'])
  })

  it('waits for the logout answer when it comes quickly', async () => {
    const log: string[] = []
    const machine = noticeMachine.provide({
      actors: {
        accountNotice: fromPromise(async () => accountNoticeOutcomes.notice.output),
        signOut: fakeLogout(async (input) => {
          log.push(`logout (${input.token})`)
          return logoutOutcomes.done.output
        }),
      },
      actions: { clearStorage: () => log.push('clear'), goToLogin: () => log.push('login') },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches('showing'))
    actor.send({ type: 'LOGOUT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(log).toEqual(['logout (notice)', 'clear', 'login'])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(recordedMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
