import { describe, expect, it } from 'vitest'
import { type AnyStateNode, createActor, setup } from 'xstate'
import { appEffects } from '#machines/app-provided'
import { endsSession, isSessionEnded, leaveEndedSession } from '#machines/session-ended'
import { loadFlows } from '../../tools/flows/load-flows'
import { recordSessionEnd } from './support/left-for-login'

/** The one place that handles an ended session (src/machines/session-ended.ts). */

const flows = await loadFlows()

/** Every state of a machine, nested ones included. */
function statesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...statesOf(child)])
}

/** The named actions a state enters with. */
const entryNames = (node: AnyStateNode) =>
  node.entry.flatMap((action) => {
    if (typeof action === 'string') return [action]
    return typeof action === 'object' && action !== null && 'type' in action ? [action.type] : []
  })

describe('an ended session', () => {
  it('is a 401 answer, and nothing else', () => {
    expect(endsSession({ ok: false, reason: 'unauthorized' })).toBe(true)
    for (const reason of ['network', 'rejected', 'unexpected']) {
      expect(endsSession({ ok: false, reason })).toBe(false)
    }
    expect(endsSession({ ok: true })).toBe(false)
    expect(endsSession(null)).toBe(false)
  })

  it('forgets baUid, then opens login, with the effects the app provides', () => {
    const effects: string[] = []
    const machine = setup({
      types: { context: {} as { answer: { ok: false; reason: string } | null } },
      guards: { isSessionEnded },
      actions: { leaveEndedSession, ...appEffects },
    }).createMachine({
      context: { answer: { ok: false, reason: 'unauthorized' } },
      initial: 'answered',
      states: {
        answered: { always: { guard: 'isSessionEnded', target: 'leftForLogin' } },
        leftForLogin: { type: 'final', entry: 'leaveEndedSession' },
      },
    })
    const actor = createActor(machine.provide({ actions: recordSessionEnd(effects) })).start()
    expect(actor.getSnapshot().status).toBe('done')
    expect(effects).toEqual(['forget baUid', 'go login'])
  })

  it('is left to leaveEndedSession in every flow: no flow forgets baUid itself', () => {
    const leaving: string[] = []
    for (const flow of flows) {
      for (const node of statesOf(flow.machine.root)) {
        const entry = entryNames(node)
        expect(entry, `${flow.name}: ${node.id}`).not.toContain('forgetSessionToken')
        if (entry.includes('leaveEndedSession')) leaving.push(`${flow.name}: ${node.key}`)
      }
    }
    // the signed-in flows, each leaving from its final `leftForLogin` (the console's sign-in for
    // the staff decision, whose app provides `goToLogin` as the console's sign-in)
    expect(leaving).toEqual([
      'email-change: leftForLogin',
      'file-download: leftForLogin',
      'insights: leftForLogin',
      'kyc-request: leftForLogin',
      'notifications: leftForLogin',
      'passkey-enrolment: leftForLogin',
      'payee-editor: leftForLogin',
      'pin-creation: leftForLogin',
      'proof-of-payment: leftForLogin',
      'scheduled-transfers: leftForLogin',
      'send: leftForLogin',
      'settings-form: leftForLogin',
      'staff-decision: leftForSignIn',
      'statements: leftForLogin',
    ])
  })
})
