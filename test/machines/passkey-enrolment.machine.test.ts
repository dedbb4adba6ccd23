import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  creationOutcomes,
  outcomes,
  paymentOfferOutcomes,
  sampleCreationOptions,
} from '#dev/outcomes/passkey-enrolment.outcomes'
import {
  passkeyEnrolmentMachine,
  passkeyEnrolmentMessages,
} from '#machines/passkey-enrolment.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = passkeyEnrolmentMachine.provide({
  actions: { refreshPasskeys: () => effects.push('refresh'), ...recordSessionEnd(effects) },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The notice on the form after each outcome that adds nothing, by the call it came from. */
const noticeAfter = (event: { type: string }): Record<string, Notice> => ({
  'wrong passcode, tries left': {
    tone: 'error',
    message: 'The passcode is wrong. 4 attempts left before a 15-minute block.',
  },
  'the customer cancelled (or no authenticator)': {
    tone: 'warning',
    message: passkeyEnrolmentMessages.notCreated,
  },
  'passkey added already': { tone: 'error', message: 'This passkey is added already.' },
  'answer outside the contract': { tone: 'error', message: genericFailureMessage },
  ...failureNotices(
    event.type.endsWith('.addPasskey') ? 'passkeyadd' : 'passkeynew',
    genericFailureMessage,
  ),
})

describeMachinePaths(machine, {
  events: () => [
    { type: 'START' },
    { type: 'CANCEL' },
    { type: 'SUBMIT', name: ' Work laptop ', passcode: '123456' },
    { type: 'SUBMIT', name: '', passcode: '12' },
    ...outcomeEvents(outcomes),
  ],
  states: {
    idle: ({ context }: Snapshot) => {
      effects.length = 0
      expect(context).toMatchObject({ name: '', passcode: '', notice: null })
    },
    entering: ({ context }: Snapshot, { event }) => {
      if (event.type === 'START') expect(context.fieldErrors).toEqual({})
      if (event.type === 'SUBMIT')
        expect(context.fieldErrors).toEqual({
          name: passkeyEnrolmentMessages.nameMissing,
          passcode: 'Passcode must be 6 digits',
        })
      if (event.type.startsWith('xstate.')) {
        expect(context.notice).toEqual(noticeAfter(event)[outcomeLabel(outcomes, event)])
        // A passcode refused or spent is not kept for another try.
        expect(context.passcode).toBe('')
      }
    },
    checkingPaymentPasskeys: (snapshot: Snapshot, { invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)).toMatchObject({ src: 'paymentPasskeysOffered' })
    },
    requestingOptions: ({ context }: Snapshot, { event, invocations }) => {
      expect(context.name).toBe('Work laptop')
      // A payment passkey is asked for only where the browser said it offers them (082).
      const offered = outcomeLabel(outcomes, event) === paymentOfferOutcomes.offered.label
      expect(context.payment).toBe(offered)
      expect(invocations.at(-1)).toEqual({
        src: 'passkeyRegistrationOptions',
        id: 'passkeyRegistrationOptions',
        input: { passcode: '123456', ...(offered ? { payment: 'on' } : {}) },
      })
    },
    creating: (_snapshot: Snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'passkeyCreation',
        id: 'passkeyCreation',
        input: { options: sampleCreationOptions },
      })
    },
    adding: ({ context }: Snapshot, { invocations }) => {
      expect(context.passcode).toBe('')
      expect(invocations.at(-1)).toEqual({
        src: 'addPasskey',
        id: 'addPasskey',
        input: { credential: creationOutcomes.created.output, name: 'Work laptop' },
      })
    },
    added: ({ context }: Snapshot) => {
      expect(context.notice).toEqual({ tone: 'success', message: passkeyEnrolmentMessages.added })
      expect(effects.at(-1)).toBe('refresh')
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})
