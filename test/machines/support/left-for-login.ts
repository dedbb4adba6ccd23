import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { FlowOutcomes } from '#dev/outcomes/outcomes'
import { outcomeLabel } from './outcome-label'

/**
 * The assertion of a signed-in flow's `leftForLogin` state: reached by a call's 401, the
 * machine done, and its last two effects (logged by the test as 'forget baUid' and 'go login')
 * remove the session token and open login.
 */
export const leftForLogin =
  (outcomes: FlowOutcomes, effects: readonly string[]) =>
  (snapshot: { status: string }, { event }: { event: AnyEventObject }) => {
    expect(outcomeLabel(outcomes, event)).toBe('session ended (401)')
    expect(snapshot.status).toBe('done')
    expect(effects.slice(-2)).toEqual(['forget baUid', 'go login'])
  }
