import { enqueueActions } from 'xstate'
import type { appEffect } from './app-provided'

/**
 * An ended session, handled in one place for every signed-in flow: a call of the signed-in
 * area answered 401 (the API client's `unauthorized`: baUid is missing, expired or revoked).
 *
 * A flow keeps the answer as any other (`keepAnswer`); its `…Answered` decision checks
 * `isSessionEnded` first and goes to its final state `leftForLogin`, whose entry is
 * `leaveEndedSession`: baUid is forgotten, then login opens (the shared effects
 * `forgetSessionToken` and `goToLogin`, app-provided.ts). In the machine:
 *
 *   setup({
 *     guards: { isSessionEnded, … },
 *     actions: { …, leaveEndedSession, ...appEffects },
 *   }).createMachine({ …
 *     answered: { always: [{ guard: 'isSessionEnded', target: 'leftForLogin' }, …] },
 *     leftForLogin: { type: 'final', entry: 'leaveEndedSession' },
 *   })
 *
 * A flow that keeps its answers under other names writes its guard with `endsSession`.
 * The tests assert such a state with test/machines/support/left-for-login.ts.
 */

/** The part of a call's answer that says whether the server refused its token. */
type Answer = { ok: true } | { ok: false; reason: string }

/** Whether a call's answer is the server's 401: the token is missing, expired or revoked. */
export function endsSession(answer: Answer | null | undefined): boolean {
  return answer?.ok === false && answer.reason === 'unauthorized'
}

/** The guard of a flow that keeps its last answer as `context.answer`. */
export const isSessionEnded = ({ context }: { context: { answer: Answer | null } }) =>
  endsSession(context.answer)

/**
 * The entry of `leftForLogin`: baUid is forgotten, then login opens. It enqueues the shared
 * effects by name, so the app's (or a test's) implementations of them run. Typed as an effect
 * (a plain action function), so that any machine's `setup({ actions })` takes it: XState types
 * an `enqueueActions` by the one machine it is written in.
 */
export const leaveEndedSession = enqueueActions(({ enqueue }) => {
  enqueue('forgetSessionToken')
  enqueue('goToLogin')
}) as unknown as ReturnType<typeof appEffect>
