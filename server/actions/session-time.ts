import { type ActiveSession, defaultSessionIdleMs, touchSession } from '../auth/sessions'
import type { AppDeps } from '../deps'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

/**
 * The idle timer of a signed-in session (docs/decisions/027-session-idle-timeout.md): the
 * dispatcher ends a session idle longer than the setting; these two calls let the client show
 * the countdown and keep the session alive.
 */
/** The session's own idle limit: the longer one with Remember me (docs/decisions/080). */
const idleMsOf = (deps: AppDeps, session: ActiveSession) =>
  session.idleMs ?? deps.sessionIdleMs ?? defaultSessionIdleMs

function timeLeft(idleMs: number, endsAt: Date, expiresAt: Date, now: Date) {
  return {
    remainingSeconds: Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000)),
    idleTimeoutSeconds: Math.round(idleMs / 1000),
    expiresAt: expiresAt.toISOString(),
  }
}

export const keepAlive: Handler<'keepAlive'> = async ({ deps, session }) => {
  const active = requireSession(session)
  const now = deps.now()
  await touchSession(deps.db, active.id, now)
  const expiresAt = active.expiresAt ?? now
  const idleMs = idleMsOf(deps, active)
  const idleEnd = new Date(now.getTime() + idleMs)
  return timeLeft(idleMs, idleEnd < expiresAt ? idleEnd : expiresAt, expiresAt, now)
}

export const sessionStatus: Handler<'sessionStatus'> = async ({ deps, session }) => {
  const active = requireSession(session)
  const now = deps.now()
  const expiresAt = active.expiresAt ?? now
  return timeLeft(idleMsOf(deps, active), active.endsAt ?? expiresAt, expiresAt, now)
}
