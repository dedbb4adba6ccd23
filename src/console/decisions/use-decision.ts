import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import {
  type DecisionRequest,
  type DecisionResult,
  staffDecisionMachine,
} from '#machines/staff-decision.machine'
import { toast } from '#ui/toast-store'
import { leaveEndedSession } from '../api/session-end'

export interface DecisionSetup {
  /** The queue's call, made with the item, the verdict and the reason. */
  decide: (request: DecisionRequest) => Promise<DecisionResult>
  /** Reads the item or the list again (the router's invalidate). */
  reload: () => void
}

/**
 * The staff-decision statechart for one screen, with the screen's call and effects: the
 * decided toast, reading the item again, and the sign-in when the session ended.
 */
export function useDecision(setup: DecisionSetup) {
  // The actor lives as long as the screen; the latest call and reload are read when used.
  const latest = useRef(setup)
  latest.current = setup
  const [snapshot, send] = useMachine(
    staffDecisionMachine.provide({
      actors: {
        decide: fromPromise<DecisionResult, DecisionRequest>(({ input }) =>
          latest.current.decide(input),
        ),
      },
      actions: {
        announceDecided: (_, { message }) => toast({ type: 'success', message }),
        reloadItem: () => latest.current.reload(),
        // The console's session is an HttpOnly cookie: nothing is stored to forget.
        forgetSessionToken: () => {},
        goToLogin: () => leaveEndedSession('ended'),
      },
    }),
  )
  return {
    send,
    dialogOpen: snapshot.hasTag('dialog'),
    busy: snapshot.hasTag('busy'),
    itemId: snapshot.context.itemId,
    verdict: snapshot.context.verdict,
    reason: snapshot.context.reason,
    notice: snapshot.context.notice,
  }
}
