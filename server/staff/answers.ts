import type { TaskOutcome } from '../domain/staff'
import { ProtocolError } from '../rpc/protocol-error'

/**
 * How a task's outcome becomes a console answer: a read answers its data or is refused with a
 * status (404 for an item that does not exist, 400 for what cannot be asked, 403 otherwise: the roles, a disabled person); a
 * change answers `{ status, message }` either way, as the customer calls do.
 */
export function readAnswer<T>(outcome: TaskOutcome<{ answer: T }>): T {
  if (outcome.ok) return outcome.answer
  throw new ProtocolError(
    'missing' in outcome ? 404 : 'invalid' in outcome ? 400 : 403,
    outcome.message,
  )
}

export function changeAnswer<T>(outcome: TaskOutcome<T>, said: (done: T) => string) {
  return outcome.ok
    ? { status: true, message: said(outcome) }
    : { status: false, message: outcome.message }
}

/** Form fields arrive as text: a numeric id field as the number it names. */
export const idOf = (field: string) => Number(field)
