import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate'
import { logoutOutcomes, outcomes } from '#dev/outcomes/logout.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { type LogoutToken, logoutMachine } from '#machines/logout.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { fakeLogout, unansweredLogout } from './support/logout'

type Snapshot = SnapshotFrom<typeof logoutMachine>

const ends = [
  'xstate.done.actor.signOut',
  'xstate.error.actor.signOut',
  'xstate.after.logoutWaitLimit.logoutSigningOut',
]

describeMachinePaths(logoutMachine, {
  input: { token: 'notice' },
  events: () => outcomeEvents(outcomes),
  states: {
    signingOut: (snapshot: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('xstate.init')
      expect(snapshot.status).toBe('active')
      // the token the parent named, and only that one
      expect(invocations).toEqual([{ src: 'signOut', id: 'signOut', input: { token: 'notice' } }])
    },
    signedOut: (snapshot: Snapshot, { event }) => {
      // an answer, a refusal, a fault or the time limit: every way ends it
      expect(ends).toContain(event.type)
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toBeUndefined()
    },
  },
})

describe('the logout sub-flow', () => {
  it('sends logout with the token its parent names', async () => {
    for (const token of ['session', 'kyc', 'notice'] satisfies LogoutToken[]) {
      const sent: unknown[] = []
      const machine = fakeLogout(async (input) => {
        sent.push(input)
        return logoutOutcomes.done.output
      })
      const actor = createActor(machine, { input: { token } }).start()
      await waitFor(actor, (snapshot) => snapshot.status === 'done')
      expect(sent).toEqual([{ token }])
    }
  })

  it('revokes the session token when no input names one (the explorer, the docs)', () => {
    expect(createActor(logoutMachine, { input: {} }).getSnapshot().context).toEqual({
      token: 'session',
    })
  })

  it('does not wait more than 3 s for an answer', () => {
    const clock = new SimulatedClock()
    const actor = createActor(fakeLogout(unansweredLogout), {
      clock,
      input: { token: 'kyc' },
    }).start()
    clock.increment(2999)
    expect(actor.getSnapshot().value).toBe('signingOut')
    clock.increment(1)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
