import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/pin-creation.outcomes'
import {
  type PinCreationResult,
  pinCreationMachine,
  pinCreationMessages,
  pinProblem,
} from '#machines/pin-creation.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const firstPin = '2580'
const otherPin = '0852'

// ---- the provided actions, recorded in order ----

const effects: string[] = []
const machine = pinCreationMachine.provide({
  actions: {
    showEntryStep: () => effects.push('show entry step'),
    showReentryStep: () => effects.push('show re-entry step'),
    notifyCreated: (_, { message }) => effects.push(`toast: ${message}`),
    goToDashboard: () => effects.push('go dashboard'),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

/** Which step's address the route shows now: the last show* action. */
const shownStep = () => effects.filter((effect) => effect.startsWith('show ')).at(-1)

/** The message under the re-entry field after each refusal or failure of updatepin. */
const errorAfter: Record<string, string> = {
  'refused: a PIN exists': 'You already have a transaction PIN. To change it, go to Settings.',
  'refused, no message': 'An error has Occured.',
  'not built yet (501)': 'updatepin is not implemented yet.',
  'answer outside the contract': 'An error has Occured.',
  'network failure': networkFailureMessage,
  'client fault': 'An error has Occured.',
}

const toastAfter: Record<string, string> = {
  'PIN created': 'Your transaction PIN has been successfully created',
  'PIN created, no message': 'Your transaction PIN has been successfully created',
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    // empty, too short, the first PIN, a different PIN
    { type: 'CONFIRM', pin: '' },
    { type: 'CONFIRM', pin: '25' },
    { type: 'CONFIRM', pin: firstPin },
    { type: 'CONFIRM', pin: otherPin },
  ],
  states: {
    entering: ({ context }: Snapshot, { event, previous }) => {
      if (event.type === 'xstate.init') {
        // The start shows the first step's address (a deep link to new1 comes back here).
        expect(effects.at(-1)).toBe('show entry step')
        effects.splice(0, effects.length - 1)
        expect(context).toEqual({
          pin: '',
          error: null,
          createdMessage: pinCreationMessages.created,
          reentryResets: 0,
          answer: null,
        })
      } else if (event.type === 'EDIT') {
        expect(context.error).toBeNull()
        expect(context.pin).toBe('')
      } else if (event.type === 'CONFIRM') {
        expect(event.pin === '' || event.pin.length < 4).toBe(true)
        expect(context.error).toBe(pinProblem(event.pin))
        expect(context.pin).toBe('')
      } else {
        expect(event.type).toBe('START_OVER')
        expect(previous?.matches('reentering')).toBe(true)
        expect(context.pin).toBe('')
        expect(context.error).toBeNull()
      }
      expect(shownStep()).toBe('show entry step')
      expect(effects.filter((effect) => !effect.startsWith('show '))).toEqual([])
    },
    reentering: ({ context }: Snapshot, { event, previous }) => {
      expect(context.pin).toMatch(/^\d{4}$/)
      const resets = previous?.context.reentryResets ?? 0
      if (event.type === 'EDIT') {
        expect(context.error).toBeNull()
        expect(context.pin).toBe(previous?.context.pin)
        expect(context.reentryResets).toBe(resets)
      } else if (event.type === 'CONFIRM' && previous?.matches('entering')) {
        // The first entry is kept and the re-entry step's address shown.
        expect(context.pin).toBe(event.pin)
        expect(context.error).toBeNull()
        expect(context.reentryResets).toBe(resets)
      } else if (event.type === 'CONFIRM') {
        const problem = pinProblem(event.pin)
        expect(event.pin).not.toBe(context.pin)
        if (problem) {
          expect(context.error).toBe(problem)
          expect(context.reentryResets).toBe(resets)
        } else {
          expect(context.error).toBe(
            'We have detected that the PIN you entered does not match. Please Re-enter PIN.',
          )
          expect(context.reentryResets).toBe(resets + 1)
        }
      } else {
        // updatepin refused or failed: the message, and the re-entry field is emptied.
        expect(context.error).toBe(errorAfter[outcomeLabel(outcomes, event)])
        expect(context.pin).toBe(previous?.context.pin)
        expect(context.reentryResets).toBe(resets + 1)
      }
      expect(shownStep()).toBe('show re-entry step')
      expect(effects.filter((effect) => !effect.startsWith('show '))).toEqual([])
    },
    sending: ({ context }: Snapshot, { event, invocations }) => {
      expect(event).toEqual({ type: 'CONFIRM', pin: context.pin })
      expect(context.error).toBeNull()
      expect(shownStep()).toBe('show re-entry step')
      expect(invocations.at(-1)).toEqual({
        src: 'createTransferPin',
        id: 'createTransferPin',
        input: { pin: context.pin },
      })
    },
    created: ({ context }: Snapshot, { event }) => {
      const message = toastAfter[outcomeLabel(outcomes, event)]
      expect(context.createdMessage).toBe(message)
      // The PIN is not kept once the server has it.
      expect(context.pin).toBe('')
      expect(effects.at(-1)).toBe(`toast: ${message}`)
    },
    leftForDashboard: (snapshot: Snapshot, { event }) => {
      expect(['CONTINUE', 'xstate.after.pinCreatedDelay.pinCreationCreated']).toContain(event.type)
      expect(snapshot.status).toBe('done')
      expect(effects.slice(-2)).toEqual([
        `toast: ${snapshot.context.createdMessage}`,
        'go dashboard',
      ])
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})

describe('PIN creation', () => {
  const created: PinCreationResult = {
    ok: true,
    data: { status: true, message: 'Your transaction PIN has been successfully created' },
  }

  it("keeps the spec's messages word for word", () => {
    expect(pinCreationMessages).toEqual({
      mismatch: 'We have detected that the PIN you entered does not match. Please Re-enter PIN.',
      created: 'Your transaction PIN has been successfully created',
      empty: 'Invalid Pin',
      length: 'PIN must be 4 digits',
      failed: 'An error has Occured.',
    })
  })

  it('accepts exactly 4 digits', () => {
    expect(pinProblem('')).toBe('Invalid Pin')
    expect(pinProblem('123')).toBe('PIN must be 4 digits')
    expect(pinProblem('12345')).toBe('PIN must be 4 digits')
    expect(pinProblem('12a4')).toBe('PIN must be 4 digits')
    expect(pinProblem('0000')).toBeNull()
  })

  it('sends the first PIN once both entries match, and leaves for the dashboard after 3 s', async () => {
    const sent: unknown[] = []
    const left: string[] = []
    const clock = new SimulatedClock()
    const actor = createActor(
      pinCreationMachine.provide({
        actors: {
          createTransferPin: fromPromise(async ({ input }) => {
            sent.push(input)
            return created
          }),
        },
        actions: { goToDashboard: () => left.push('dashboard') },
      }),
      { clock },
    ).start()
    actor.send({ type: 'CONFIRM', pin: '1357' })
    actor.send({ type: 'CONFIRM', pin: '1375' })
    expect(actor.getSnapshot().context.error).toBe(pinCreationMessages.mismatch)
    actor.send({ type: 'CONFIRM', pin: '1357' })
    await Promise.resolve()
    await Promise.resolve()
    expect(actor.getSnapshot().value).toBe('created')
    expect(sent).toEqual([{ pin: '1357' }])
    clock.increment(2999)
    expect(left).toEqual([])
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('leftForDashboard')
    expect(left).toEqual(['dashboard'])
  })

  it('starts over from the re-entry step with nothing kept', () => {
    const actor = createActor(pinCreationMachine).start()
    actor.send({ type: 'CONFIRM', pin: '1357' })
    actor.send({ type: 'START_OVER' })
    expect(actor.getSnapshot().value).toBe('entering')
    expect(actor.getSnapshot().context.pin).toBe('')
    // The re-entry of the old PIN is now a first entry.
    actor.send({ type: 'CONFIRM', pin: '2468' })
    expect(actor.getSnapshot().context.pin).toBe('2468')
    actor.stop()
  })
})
