import { useActorRef } from '@xstate/react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import {
  type StaffChange,
  type StaffChangeResult,
  staffChangeMachine,
} from '#machines/staff-change.machine'
import { toast } from '#ui/toast-store'
import { staffSessionRead } from '../api/staff-call'
import { useConsoleNavigate } from '../navigation'

export type StaffChangeActor = ActorRefFrom<typeof staffChangeMachine>

/** A change's call, answered as `{ status, message }` (and whatever else the call says). */
async function apply({ call, fields }: StaffChange): Promise<StaffChangeResult> {
  const answer = await staffSessionRead(call, fields as never)
  return answer.ok ? { ok: true, data: answer.data } : answer
}

/**
 * The change statechart with the console's calls, its toast and sign-in; `showInList` is the
 * screen's: how its list shows a change at once.
 */
export function useStaffChange(
  showInList: (change: StaffChange, answer: StaffChangeResult) => void,
) {
  const navigate = useConsoleNavigate()
  return useActorRef(
    staffChangeMachine.provide({
      actors: { apply: fromPromise(({ input }) => apply(input)) },
      actions: {
        announceDone: (_, { message }) => void toast({ type: 'success', message }),
        showInList: (_, { change, answer }) => showInList(change, answer),
        goToSignIn: () =>
          void navigate({ to: '/sign-in', search: { ended: 'ended' }, replace: true }),
      },
    }),
  )
}
