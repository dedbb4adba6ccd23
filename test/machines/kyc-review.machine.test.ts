import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, waitFor } from 'xstate'
import { outcomes } from '#dev/outcomes/kyc-review.outcomes'
import { logoutOutcomes } from '#dev/outcomes/logout.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { kycReviewMachine } from '#machines/kyc-review.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
} from '../harness/generated-paths'
import { fakeLogout, unansweredLogout } from './support/logout'

const effects: string[] = []
const recordedMachine = kycReviewMachine.provide({
  actions: {
    clearStorage: () => effects.push('clearStorage'),
    goToLogin: () => effects.push('goToLogin'),
  },
})

const pathOptions = { events: () => outcomeEvents(outcomes) }

describeMachinePaths(recordedMachine, {
  ...pathOptions,
  states: {
    waiting: (snapshot, { event }) => {
      expect(event.type).toBe('xstate.init')
      effects.length = 0
      expect(snapshot.hasTag('busy')).toBe(false)
    },
    signingOut: (snapshot, { event, invocations }) => {
      expect(event.type).toBe('OKAY')
      expect(snapshot.hasTag('busy')).toBe(true)
      // the shared logout sub-flow, revoking tempbaUid
      expect(invocations).toEqual([{ src: 'signOut', id: 'signOut', input: { token: 'kyc' } }])
      expect(effects).toEqual([])
    },
    leftForLogin: (snapshot, { event }) => {
      expect(event.type).toBe('xstate.done.actor.signOut')
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['clearStorage', 'goToLogin'])
    },
  },
})

describe('KYC under review', () => {
  it('clears storage only after logout has been sent', async () => {
    const log: string[] = []
    const machine = kycReviewMachine.provide({
      actors: {
        signOut: fakeLogout(async (input) => {
          log.push(`logout sent (${input.token})`)
          return logoutOutcomes.network.output
        }),
      },
      actions: { clearStorage: () => log.push('clear'), goToLogin: () => log.push('login') },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'OKAY' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(log).toEqual(['logout sent (kyc)', 'clear', 'login'])
  })

  it('does not wait more than 3 s for logout', () => {
    const clock = new SimulatedClock()
    const log: string[] = []
    const machine = kycReviewMachine.provide({
      actors: { signOut: fakeLogout(unansweredLogout) },
      actions: { goToLogin: () => log.push('login') },
    })
    const actor = createActor(machine, { clock }).start()
    actor.send({ type: 'OKAY' })
    clock.increment(2999)
    expect(log).toEqual([])
    clock.increment(1)
    expect(log).toEqual(['login'])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(recordedMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
