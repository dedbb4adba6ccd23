import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Notice } from '#api/notice'
import type { FlowOutcomes } from '#dev/outcomes/outcomes'
import type { ResetContext } from '#machines/reset-rules'
import { failureNotices } from './failure-notices'
import { outcomeLabel } from './outcome-label'

/**
 * What the passcode and PIN reset tests share, as their machines share reset-rules.ts: the
 * route's one effect, the alert after each answer of the reset call, and the two ends.
 */

/** The route's navigation, recorded: provide `actions` to the machine. */
export function recordGoToLogin() {
  const effects: string[] = []
  return {
    effects,
    actions: {
      goToLogin: () => {
        effects.push('go login')
      },
    },
  }
}

/**
 * The alert each outcome of a reset call (`userforgot`, `userforgotpin`) must leave, by
 * outcome label: the flow's successes, then the refusals and failures both flows share.
 */
export function resetAlertAfter(
  actor: string,
  successes: Record<string, Notice>,
): Record<string, Notice> {
  return {
    ...successes,
    'wrong or expired code': { tone: 'error', message: 'Invalid or expired reset code' },
    ...failureNotices(actor, 'An unexpected error occured'),
  }
}

interface ResetEndsOptions {
  outcomes: FlowOutcomes
  alertAfter: Record<string, Notice>
  effects: readonly string[]
  /** The `after` event of the done state: 'xstate.after.redirectDelay.resetPinDone'. */
  redirectEvent: string
}

/**
 * The assertions of the `done` and `leftForLogin` states: the success alert of the answer,
 * then login, on Continue or after the redirect delay.
 */
export function resetEnds({ outcomes, alertAfter, effects, redirectEvent }: ResetEndsOptions) {
  type Snapshot = { context: ResetContext; status: string }
  type Step = { event: AnyEventObject }
  return {
    done: ({ context }: Snapshot, { event }: Step) => {
      expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
      expect(context.alert?.tone).toBe('success')
      expect(effects).toEqual([])
    },
    leftForLogin: (snapshot: Snapshot, { event }: Step) => {
      expect(['CONTINUE', redirectEvent]).toContain(event.type)
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['go login'])
    },
  }
}
