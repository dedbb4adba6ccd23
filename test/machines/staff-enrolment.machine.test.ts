import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/staff-enrolment.outcomes'
import {
  passkeyNotCreated,
  passwordsDiffer,
  staffEnrolmentMachine,
} from '#machines/staff-enrolment.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = staffEnrolmentMachine.provide({
  actions: { goToConsole: () => effects.push('go console') },
})
type Snapshot = SnapshotFrom<typeof machine>

const link = 'a'.repeat(43)
const password = 'correct horse battery staple'

/** The notice after each outcome that ends back on a step, by label. */
const noticeAfter: Record<string, { tone: string; message: string }> = {
  'a common password': { tone: 'error', message: 'That password is too common: choose another.' },
  'too short (400)': {
    tone: 'error',
    message: 'Your new password must be at least 12 characters.',
  },
  'passkey refused': {
    tone: 'error',
    message: 'The passkey could not be checked. Please try again.',
  },
  'a wrong code': {
    tone: 'error',
    message: 'That code is not right: try the one the app shows now.',
  },
  'network failure': { tone: 'error', message: networkFailureMessage },
  'client fault': { tone: 'error', message: genericFailureMessage },
  'no passkey made (cancelled, none on this device)': {
    tone: 'warning',
    message: passkeyNotCreated,
  },
}
const expectNoticeAfter = (snapshot: Snapshot, event: { type: string }) =>
  expect(snapshot.context.notice).toEqual(
    noticeAfter[outcomeLabel(outcomes, event as Parameters<typeof outcomeLabel>[1])],
  )

describeMachinePaths(machine, {
  input: { link },
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'SUBMIT_PASSWORD', password, repeated: password },
    { type: 'SUBMIT_PASSWORD', password, repeated: `${password}!` },
    { type: 'ADD_PASSKEY' },
    { type: 'USE_APP' },
    { type: 'SUBMIT_CODE', code: ' 123456 ' },
    { type: 'RETRY' },
  ],
  states: {
    checkingLink: (snapshot: Snapshot, { event, invocations }) => {
      if (event.type === 'xstate.init') effects.length = 0
      else expect(event.type).toBe('RETRY')
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)).toEqual({ src: 'enrolCheck', id: 'enrolCheck', input: { link } })
    },
    linkUnread: (snapshot: Snapshot, { event }) => expectNoticeAfter(snapshot, event),
    linkUnusable: (snapshot: Snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.context.notice).toEqual({
        tone: 'error',
        message:
          outcomeLabel(outcomes, event) === 'not a link of ours (400)'
            ? 'The enrolment link must be the one in your e-mail.'
            : 'This enrolment link is not valid any more.',
      })
    },
    password: (snapshot: Snapshot, { event }) => {
      expect(snapshot.context.password).toBe('')
      if (event.type === 'xstate.done.actor.enrolCheck') {
        expect(snapshot.context.email).toBe('kim@meridian.example')
        expect(snapshot.context.name).toBe('Kim Kyc')
        expect(snapshot.context.notice).toBeNull()
      } else if (event.type === 'SUBMIT_PASSWORD')
        expect(snapshot.context.notice).toEqual({ tone: 'error', message: passwordsDiffer })
      else expectNoticeAfter(snapshot, event)
    },
    settingPassword: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'enrolPassword',
        id: 'enrolPassword',
        input: { link, password },
      })
    },
    secondFactor: (snapshot: Snapshot, { event }) => {
      // The password is never kept once sent.
      expect(snapshot.context.password).toBe('')
      if (event.type === 'xstate.done.actor.enrolPassword')
        expect(snapshot.context.notice).toEqual({
          tone: 'success',
          message: 'Your password is set. Now add a passkey, or an authenticator app.',
        })
      else expectNoticeAfter(snapshot, event)
    },
    gettingPasskeyOptions: (snapshot: Snapshot, { invocations }) => {
      expect(snapshot.context.passkeyOptions).toBeNull()
      expect(invocations.at(-1)?.src).toBe('passkeyOptions')
    },
    creatingPasskey: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)?.input).toEqual({
        options: { challenge: 'Y3JlYXRlLWNoYWxsZW5nZQ', rp: { id: 'localhost' } },
      })
    },
    registeringPasskey: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)?.input).toEqual({ credential: '{"id":"new","type":"public-key"}' })
    },
    beginningTotp: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)?.src).toBe('totpBegin')
    },
    totp: (snapshot: Snapshot, { event }) => {
      expect(snapshot.context.totp?.secret).toBe('JBSWY3DPEHPK3PXP')
      expect(snapshot.context.totp?.qrSvg).toMatch(/^<svg /)
      if (event.type === 'xstate.done.actor.totpBegin') expect(snapshot.context.notice).toBeNull()
      else expectNoticeAfter(snapshot, event)
    },
    confirmingTotp: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)?.input).toEqual({ code: '123456' })
    },
    enrolmentEnded: (snapshot: Snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(outcomeLabel(outcomes, event)).toBe('the enrolment session ended (401)')
      expect(effects).toEqual([])
    },
    leftForConsole: (snapshot: Snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(['passkey added, signed in', 'app set, signed in']).toContain(
        outcomeLabel(outcomes, event),
      )
      expect(effects).toEqual(['go console'])
    },
  },
})
