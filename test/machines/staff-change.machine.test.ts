import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/staff-change.outcomes'
import { type StaffChange, staffChangeMachine } from '#machines/staff-change.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = staffChangeMachine.provide({
  actions: {
    announceDone: (_, { message }) => effects.push(`toast ${message}`),
    showInList: (_, { change }) => effects.push(`list ${change.call} ${change.fields.roles}`),
    goToSignIn: () => effects.push('go sign-in'),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

const change: StaffChange = {
  call: 'staffroles',
  fields: { staff_id: '7', roles: 'kyc' },
  title: 'Change the roles of Kim Kyc?',
  consequence: 'Kim Kyc will hold the roles you tick.',
  confirmLabel: 'Change roles',
}

const noticeAfter: Record<string, string> = {
  'refused by the server': 'At least one active admin must stay.',
  'a field refused (400)': 'The roles must name at least one of support, kyc, payments.',
  'network failure': networkFailureMessage,
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'REQUEST', change },
    { type: 'EDIT', fields: { roles: 'kyc,payments' } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
  ],
  states: {
    idle: (snapshot: Snapshot, { event }) => {
      expect(snapshot.hasTag('dialog')).toBe(false)
      expect(snapshot.context.change).toBeNull()
      if (event.type === 'xstate.init') effects.length = 0
      else if (event.type === 'CANCEL') expect(effects).toEqual([])
      else {
        expect(outcomeLabel(outcomes, event)).toBe('done')
        // The toast in the server's words, and the list with the fields as confirmed.
        expect(effects.slice(-2)).toEqual([
          'toast kim@meridian.example is disabled; 1 session ended.',
          expect.stringMatching(/^list staffroles kyc(,payments)?$/),
        ])
      }
    },
    confirming: (snapshot: Snapshot, { event }) => {
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.change?.title).toBe(change.title)
      if (event.type === 'REQUEST') {
        expect(snapshot.context.notice).toBeNull()
        expect(snapshot.context.change?.fields).toEqual(change.fields)
      } else if (event.type === 'EDIT')
        expect(snapshot.context.change?.fields).toEqual({ staff_id: '7', roles: 'kyc,payments' })
      else if (event.type.startsWith('xstate.error.'))
        expect(snapshot.context.notice?.message).toBe(genericFailureMessage)
      else expect(snapshot.context.notice?.message).toBe(noticeAfter[outcomeLabel(outcomes, event)])
    },
    applying: (snapshot: Snapshot, { invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)?.src).toBe('apply')
      expect(invocations.at(-1)?.input).toEqual(snapshot.context.change)
    },
    leftForSignIn: (snapshot: Snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(outcomeLabel(outcomes, event)).toBe('session ended (401)')
      expect(effects).toEqual(['go sign-in'])
    },
  },
})
