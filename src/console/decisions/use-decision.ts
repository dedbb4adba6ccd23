import { useRouter } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type DecisionRequest,
  type DecisionResult,
  staffDecisionMachine,
} from '#machines/staff-decision.machine'
import { toast } from '#ui/toast-store'
import { leaveEndedSession } from '../api/session-end'
import { type DecisionCall, decideWith } from './decide-with'

/**
 * The staff-decision statechart for one screen, with its queue's call (decide-with.ts) and the
 * effects: the decided toast, the screen's data read again (the router's loaders), and the
 * sign-in when the session ended.
 */
export function useDecision(call: DecisionCall) {
  const router = useRouter()
  const [snapshot, send] = useMachine(
    staffDecisionMachine.provide({
      actors: {
        decide: fromPromise<DecisionResult, DecisionRequest>(({ input }) =>
          decideWith(call)(input),
        ),
      },
      actions: {
        announceDecided: (_, { message }) => toast({ type: 'success', message }),
        reloadItem: () => void router.invalidate(),
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
