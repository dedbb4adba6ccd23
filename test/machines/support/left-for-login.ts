import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { FlowOutcomes } from '#dev/outcomes/outcomes'
import { outcomeLabel } from './outcome-label'

/**
 * An ended session in a signed-in flow's tests (src/machines/session-ended.ts handles it in the
 * flow): the two effects of `leaveEndedSession`, recorded, and the assertion of `leftForLogin`.
 */

/** The effects `leaveEndedSession` runs, recorded in `effects`: spread into `provide({ actions })`. */
export function recordSessionEnd(effects: string[]) {
  return {
    forgetSessionToken: () => {
      effects.push('forget baUid')
    },
    goToLogin: () => {
      effects.push('go login')
    },
  }
}

/**
 * The assertion of a signed-in flow's `leftForLogin` state: reached by a call's 401, the
 * machine done, and its last two effects (recorded by `recordSessionEnd`) remove the session
 * token, then open login.
 */
export const leftForLogin =
  (outcomes: FlowOutcomes, effects: readonly string[]) =>
  (snapshot: { status: string }, { event }: { event: AnyEventObject }) => {
    expect(outcomeLabel(outcomes, event)).toBe('session ended (401)')
    expect(snapshot.status).toBe('done')
    expect(effects.slice(-2)).toEqual(['forget baUid', 'go login'])
  }
