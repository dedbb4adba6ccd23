import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { outcomes } from '#dev/outcomes/email-change.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  emailChangeMachine,
  emailChangeMessages,
  pendingChangeMessage,
} from '#machines/email-change.machine'
import { describeMachinePaths, type StepContext } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = emailChangeMachine.provide({
  actions: {
    refreshProfile: () => effects.push('refresh'),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>
type Step = StepContext<Snapshot>

const newAddress = 'new@example.com'
const pendingAddress = 'pending@example.com'

/** The notice after each answer that changes nothing, by outcome. */
const refusals: Record<string, string> = {
  'refused: already yours': 'This is already your e-mail address.',
  'refused, no message': emailChangeMessages.failed,
  'wrong code':
    'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.',
  'answer outside the contract': emailChangeMessages.failed,
  'network failure': networkFailureMessage,
  'client fault': emailChangeMessages.failed,
}

const pathOptions = {
  events: () => [
    { type: 'SUBMIT_EMAIL', email: ` ${newAddress} ` },
    { type: 'SUBMIT_EMAIL', email: 'new.example.com' },
    { type: 'SUBMIT_CODE', code: '123456' },
    { type: 'SUBMIT_CODE', code: '12ab' },
    { type: 'CHANGE_ADDRESS' },
    ...outcomeEvents(outcomes),
  ],
}

const states: Record<string, (snapshot: Snapshot, step: Step) => void> = {
  'address.editing': ({ context }: Snapshot, { event }) => {
    if (event.type !== 'CHANGE_ADDRESS') effects.length = 0
    expect(context.fieldError).toBeNull()
    expect(context.notice).toBeNull()
  },
  'address.invalid': ({ context }: Snapshot) => {
    expect(context.fieldError).toBe("That doesn't look like an email address")
  },
  'address.failed': ({ context }: Snapshot, { event }) => {
    expect(context.notice).toEqual({
      tone: 'error',
      message: refusals[outcomeLabel(outcomes, event)],
    })
  },
  requesting: ({ context }: Snapshot, { invocations }) => {
    expect(context.email).toBe(newAddress)
    expect(invocations.at(-1)).toEqual({
      src: 'requestEmailChange',
      id: 'requestEmailChange',
      input: { email: newAddress },
    })
  },
  'code.entry': ({ context }: Snapshot, { event }: Step) => {
    // Opened on a change asked for earlier, or the code just sent.
    expect(context.notice).toEqual({
      tone: 'success',
      message:
        event.type === 'xstate.init'
          ? pendingChangeMessage(pendingAddress)
          : 'We have sent a 6-digit code to new@example.com.',
    })
    expect(context.email).toBe(event.type === 'xstate.init' ? pendingAddress : newAddress)
    expect(context.codeResets).toBe(0)
  },
  'code.invalid': ({ context }: Snapshot) => {
    expect(context.fieldError).toBe('Enter the 6-digit code from the e-mail')
  },
  'code.failed': ({ context }: Snapshot, { event }: Step) => {
    const label = outcomeLabel(outcomes, event)
    expect(context.notice).toEqual({ tone: 'error', message: refusals[label] })
    // A refused code empties the cells; without an answer they keep it, to send again.
    if (label === 'wrong code') {
      expect(context.code).toBe('')
      expect(context.codeResets).toBeGreaterThan(0)
    } else expect(context.code).toBe('123456')
  },
  confirming: ({ context }: Snapshot, { invocations }) => {
    expect(invocations.at(-1)).toEqual({
      src: 'confirmEmailChange',
      id: 'confirmEmailChange',
      input: { code: '123456' },
    })
    expect(context.code).toBe('123456')
  },
  saved: ({ context }: Snapshot) => {
    expect(context.email).toBe(newAddress)
    expect(context.notice).toEqual({
      tone: 'success',
      message: 'Action Successful! Your e-mail address has been changed.',
    })
    expect(effects.at(-1)).toBe('refresh')
  },
  leftForLogin: leftForLogin(outcomes, effects),
}

describe('a new change', () => {
  describeMachinePaths(machine, { ...pathOptions, states, coverageGate: false })
})

describe('a change that waits for its code (a reload, or signing in again)', () => {
  describeMachinePaths(machine, {
    ...pathOptions,
    input: { pendingEmail: ` ${pendingAddress} ` },
    states,
    coverageGate: false,
  })
})

describe('the e-mail change', () => {
  it('empties the cells once for each refused code', async () => {
    const actor = createActor(
      machine.provide({
        actors: {
          confirmEmailChange: fromPromise(
            async (): Promise<CallResult<'confirmEmailChange'>> => ({
              ok: true,
              data: { status: false, message: 'Invalid or expired code.' },
            }),
          ),
        },
      }),
      { input: { pendingEmail: pendingAddress } },
    ).start()
    expect(actor.getSnapshot().matches({ code: 'entry' })).toBe(true)
    for (const resets of [1, 2]) {
      actor.send({ type: 'SUBMIT_CODE', code: '111111' })
      await waitFor(actor, (snapshot) => snapshot.matches({ code: 'failed' }))
      expect(actor.getSnapshot().context.codeResets).toBe(resets)
    }
  })

  it('starts on the address without a pending change', () => {
    for (const input of [undefined, {}, { pendingEmail: null }, { pendingEmail: ' ' }]) {
      const snapshot = createActor(machine, { input }).start().getSnapshot()
      expect(snapshot.matches({ address: 'editing' })).toBe(true)
      expect(snapshot.context.notice).toBeNull()
    }
  })
})
