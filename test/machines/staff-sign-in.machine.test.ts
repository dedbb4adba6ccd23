import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/staff-sign-in.outcomes'
import { passkeyNotUsed, staffSignInMachine } from '#machines/staff-sign-in.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = staffSignInMachine.provide({
  actions: { goToConsole: () => effects.push('go console') },
})
type Snapshot = SnapshotFrom<typeof machine>

const submit = { type: 'SUBMIT', email: ' ada@meridian.example ', password: 'a long enough secret' }
const done = (actor: string) => `xstate.done.actor.${actor}`

/** What the notice says after each outcome that ends back on a form. */
const noticeAfter: Record<string, string> = {
  'wrong password, 4 tries left': 'Invalid e-mail or password. 4 attempts left.',
  'refused, 3 tries left': 'That code is not right. 3 attempts left.',
  'a field refused (400)': 'E-mail address must be valid.',
  'network failure': networkFailureMessage,
  'the 5-minute step ended (401)': 'Your session has ended. Please sign in again.',
  'not used (cancelled, no passkey here)': passkeyNotUsed,
  'client fault': genericFailureMessage,
}

const expectNoticeFor = (snapshot: Snapshot, label: string) => {
  if (label === 'blocked for 15 minutes' || label === 'blocked')
    expect(snapshot.context.notice?.message).toMatch(/^Too many failed attempts\. Try again after /)
  else expect(snapshot.context.notice?.message).toBe(noticeAfter[label])
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    submit,
    { type: 'USE_PASSKEY' },
    { type: 'USE_CODE' },
    { type: 'SUBMIT_CODE', code: ' 123456 ' },
    { type: 'START_OVER' },
  ],
  states: {
    credentials: (snapshot: Snapshot, { event }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      // No secret outlives its step.
      expect(snapshot.context.password).toBe('')
      expect(snapshot.context.code).toBe('')
      if (event.type === 'xstate.init') {
        effects.length = 0
        expect(snapshot.context.notice).toBeNull()
      } else if (event.type === 'START_OVER') {
        expect(snapshot.context.notice).toBeNull()
        expect(snapshot.context.factors).toEqual([])
      } else if (event.type.startsWith('xstate.error.actor.'))
        expect(snapshot.context.notice?.message).toBe(genericFailureMessage)
      else expectNoticeFor(snapshot, outcomeLabel(outcomes, event))
    },
    signingIn: (snapshot: Snapshot, { invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)).toEqual({
        src: 'signIn',
        id: 'signIn',
        input: { email: 'ada@meridian.example', password: 'a long enough secret' },
      })
    },
    passkey: (snapshot: Snapshot, { event }) => {
      expect(snapshot.context.factors).toContain('passkey')
      expect(snapshot.context.passkeyOptions?.challenge).toEqual(expect.any(String))
      expect(snapshot.context.password).toBe('')
      if (event.type === done('signIn')) expect(snapshot.context.notice).toBeNull()
    },
    askingPasskey: (snapshot: Snapshot, { invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)?.src).toBe('passkeyAnswer')
      expect(invocations.at(-1)?.input).toEqual({ options: snapshot.context.passkeyOptions })
    },
    checkingPasskey: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'secondFactor',
        id: 'secondFactor',
        input: { method: 'passkey', credential: '{"id":"cred","type":"public-key"}' },
      })
    },
    renewingOptions: (snapshot: Snapshot, { invocations }) => {
      // A challenge is good for one answer: the old options are gone before new ones come.
      expect(snapshot.context.passkeyOptions).toBeNull()
      expect(invocations.at(-1)?.src).toBe('signInOptions')
    },
    code: (snapshot: Snapshot, { event }) => {
      expect(snapshot.context.factors).toContain('totp')
      if (event.type === 'USE_CODE' || event.type === done('signIn'))
        expect(snapshot.context.notice).toBeNull()
      else if (event.type === 'USE_PASSKEY')
        // Only for a person with a passkey; the others stay on the code.
        expect(snapshot.context.factors).toEqual(['totp'])
      else if (event.type.startsWith('xstate.error.actor.'))
        expect(snapshot.context.notice?.message).toBe(genericFailureMessage)
      else expectNoticeFor(snapshot, outcomeLabel(outcomes, event))
    },
    checkingCode: (_: Snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'secondFactor',
        id: 'secondFactor',
        input: { method: 'totp', code: '123456' },
      })
    },
    leftForConsole: (snapshot: Snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(outcomeLabel(outcomes, event)).toBe('signed in')
      expect(effects).toEqual(['go console'])
    },
  },
})
