import type * as v from 'valibot'
import type { CallName, CallResponse, calls } from '#api/contract'
import type { ActiveSession } from '../auth/sessions'
import type { AppDeps } from '../deps'
import type { ProtocolError } from './protocol-error'

export interface HandlerContext<N extends CallName> {
  input: v.InferOutput<(typeof calls)[N]['request']>
  deps: AppDeps
  /** The caller's session when the call's access requires one; null for public calls. */
  session: ActiveSession | null
  /**
   * For a call whose handler checks the session inside its own statement (docs/decisions/059):
   * then `session` is null, and this says whose session to check; null for every other call.
   */
  sessionInStatement: SessionInStatement | null
  /** The raw token sent with the request, if any (logout revokes it). */
  token: string | null
  clientAddress: string | null
}

export interface SessionInStatement {
  tokenHash: string
  /** The token's user (remembered or just checked); the statement checks the session is live. */
  userId: number
  /** The idle limit of a signed-in session, as `findSession` applies it. */
  idleMs: number
  /** The ordinary check, a statement of its own, for the handler's other paths: or a 401. */
  check(): Promise<ActiveSession>
  /** The statement found the session not live: forgets the token's user, and gives the 401. */
  ended(): ProtocolError
}

export type Handler<N extends CallName> = (context: HandlerContext<N>) => Promise<CallResponse<N>>

export type Handlers = { [N in CallName]?: Handler<N> }

/** A call that needs a session always gets one; this narrows the type where a handler relies on it. */
export function requireSession(session: ActiveSession | null): ActiveSession {
  if (!session) throw new Error('handler for a session call ran without a session')
  return session
}

/** The same for a call that checks the session inside its own statement. */
export function requireSessionInStatement(session: SessionInStatement | null): SessionInStatement {
  if (!session) throw new Error('handler for a call checked in its statement ran without a token')
  return session
}
