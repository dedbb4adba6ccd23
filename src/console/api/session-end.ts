/**
 * Why the sign-in opened, as its `ended` search parameter: the session ended on the server
 * (a call answered 401), the idle timeout or the 8 hours ran out in this tab, or the person
 * signed out.
 */
export type SessionEndReason = 'ended' | 'idle' | 'expired' | 'signed-out'

export const sessionEndMessages: Record<SessionEndReason, string> = {
  ended: 'Your session has ended. Please sign in again.',
  idle: 'You were signed out after 15 minutes without activity. Please sign in again.',
  expired: 'Your session reached its 8-hour limit. Please sign in again.',
  'signed-out': 'You have signed out.',
}

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  typeof value === 'string' && Object.hasOwn(sessionEndMessages, value)

type Leave = (reason: SessionEndReason) => void

let leave: Leave = () => {}

/** Set once by the console's entry: how the sign-in is opened (the router's navigation). */
export function whenSessionEnds(handler: Leave): void {
  leave = handler
}

/** Opens the sign-in with the reason's notice. */
export function leaveEndedSession(reason: SessionEndReason): void {
  leave(reason)
}
