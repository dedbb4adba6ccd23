/**
 * Outcome entries that several `<flow>.outcomes.ts` files list alike (convention:
 * outcomes.ts). Each call builds new objects, as the harness finds an outcome by the identity
 * of its output or error.
 */

/** A call the server does not implement yet: the API client's refusal of its 501. */
export const notBuiltYet = (actor: string) =>
  ({
    label: 'not built yet (501)',
    output: { ok: false, reason: 'rejected', message: `${actor} is not implemented yet` },
  }) as const

/** An answer the API client could not read as the call's contract. */
export const unexpectedAnswer = () =>
  ({ label: 'answer outside the contract', output: { ok: false, reason: 'unexpected' } }) as const

/** A session call whose token has expired or was revoked: the server's 401. */
export const sessionEnded = () =>
  ({
    label: 'session ended (401)',
    output: {
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please log in again.',
    },
  }) as const

/** No answer at all. */
export const networkFailure = () =>
  ({ label: 'network failure', output: { ok: false, reason: 'network' } }) as const

/** The actor threw: a fault in the app, not an answer. */
export const clientFault = () =>
  ({ label: 'client fault', error: new Error('the call threw') }) as const

/** The last three outcomes of a call's list: not built yet (501), network failure, client fault. */
export const callFailures = (actor: string) =>
  [notBuiltYet(actor), networkFailure(), clientFault()] as const

/**
 * The logout sub-flow (src/machines/logout.machine.ts) as its parents see it: it always ends,
 * without output, whatever the call answered (its own outcomes are logout.outcomes.ts).
 */
export const loggedOut = () => ({ label: 'logged out', output: undefined }) as const

/** An `{ icon, message }` answer (`userforgot`, `userforgotpin`). */
export const iconAnswer = (label: string, icon: 'success' | 'error', message: string) =>
  ({ label, output: { ok: true, data: { icon, message } } }) as const

/** What a resend-code call (`resendconfirmcode`, `resendforgotcode`) can answer. */
export const resendCodeOutcomes = (actor: string) =>
  [
    {
      label: 'code sent',
      output: { ok: true, data: { status: true, message: 'A new code is on its way' } },
    },
    {
      label: 'too soon',
      output: {
        ok: true,
        data: { status: false, message: 'Please wait before asking for another code' },
      },
    },
    { label: 'refused, no message', output: { ok: true, data: { status: false, message: '' } } },
    ...callFailures(actor),
  ] as const
