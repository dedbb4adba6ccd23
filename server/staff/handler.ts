import type * as v from 'valibot'
import type { StaffCallName, StaffCallResponse, staffCalls } from '#api/contract/staff'
import type { StaffSession } from '../auth/staff-sessions'
import type { AppDeps } from '../deps'
import type { StaffActor } from '../domain/staff'
import type { ClientFacts, IssuedSession } from '../domain/staff-sign-in'

/** The console's cookie as a handler sees it: what came in, and how to set or clear it. */
export interface StaffCookie {
  token: string | null
  set(session: IssuedSession): void
  clear(): void
}

export interface StaffHandlerContext<N extends StaffCallName> {
  input: v.InferOutput<(typeof staffCalls)[N]['request']>
  deps: AppDeps
  /** The caller's session for every call but the public ones (null there). */
  session: StaffSession | null
  client: ClientFacts
  cookie: StaffCookie
}

export type StaffHandler<N extends StaffCallName> = (
  context: StaffHandlerContext<N>,
) => Promise<StaffCallResponse<N>>

export type StaffHandlers = { [N in StaffCallName]: StaffHandler<N> }

export function requireStaffSession(session: StaffSession | null): StaffSession {
  if (!session) throw new Error('a staff call that needs a session ran without one')
  return session
}

/** The person a signed-in session acts as, for the operator tasks. */
export const actorOf = (session: StaffSession): StaffActor => ({
  staffId: session.staffId,
  email: session.email,
})
