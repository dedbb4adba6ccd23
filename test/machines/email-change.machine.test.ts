import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { emailChangeMachine, emailChangeMessages } from '#machines/email-change.machine'
import { outcomes } from '#machines/email-change.outcomes'
import { outcomeEvents } from '#machines/outcomes'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = emailChangeMachine.provide({
  actions: {
    refreshProfile: () => effects.push('refresh'),
    forgetSessionToken: () => effects.push('forget baUid'),
    goToLogin: () => effects.push('go login'),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

const newAddress = 'new@example.com'

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

describeMachinePaths(machine, {
  events: () => [
    { type: 'SUBMIT_EMAIL', email: ` ${newAddress} ` },
    { type: 'SUBMIT_EMAIL', email: 'new.example.com' },
    { type: 'SUBMIT_CODE', code: '123456' },
    { type: 'SUBMIT_CODE', code: '12ab' },
    { type: 'CHANGE_ADDRESS' },
    ...outcomeEvents(outcomes),
  ],
  states: {
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
        src: 'updateemail',
        id: 'updateemail',
        input: { email: newAddress },
      })
    },
    'code.entry': ({ context }: Snapshot) => {
      expect(context.notice).toEqual({
        tone: 'success',
        message: 'We have sent a 6-digit code to new@example.com.',
      })
    },
    'code.invalid': ({ context }: Snapshot) => {
      expect(context.fieldError).toBe('Enter the 6-digit code from the e-mail')
    },
    'code.failed': ({ context }: Snapshot, { event }) => {
      expect(context.notice).toEqual({
        tone: 'error',
        message: refusals[outcomeLabel(outcomes, event)],
      })
    },
    confirming: ({ context }: Snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'confirmemail',
        id: 'confirmemail',
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
  },
})
