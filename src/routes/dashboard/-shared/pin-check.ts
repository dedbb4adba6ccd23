import type { CallResult } from '#api/client'

/**
 * Spec section 4: "If the dashboard loads with haspin false, go to PIN creation." The dashboard
 * layout asks `pincheck` once, with `getstatement`, when it loads; this decides where that
 * sends the customer. Pure, so it is tested on its own (test/ui/pin-check.test.ts).
 */

export const pinCreationPath = '/dashboard/pincreation'
export const dashboardPath = '/dashboard'

export interface PinCheckLoad {
  statement: CallResult<'dashboard'>
  hasTransferPin: CallResult<'hasTransferPin'>
  /** The address is already dashboard/pincreation (or its new1 step). */
  onPinCreation: boolean
}

/**
 * Where to go once both answers are in, or null to stay:
 * - no PIN: PIN creation, unless already there (so the PIN screens never redirect to
 *   themselves);
 * - a PIN, on PIN creation (a bookmark, a reload after creating it): the dashboard, since
 *   there is nothing to create (changing a PIN is in Settings);
 * - nothing while a blocking account notice replaces the dashboard, or when the session has
 *   ended (the statement's answer sends the customer to login), or when hasTransferPin (pincheck) gave no
 *   answer (the dashboard stays usable; the next load asks again).
 */
export function pinCheckRedirect({
  statement,
  hasTransferPin: hasPinAnswer,
  onPinCreation,
}: PinCheckLoad): typeof pinCreationPath | typeof dashboardPath | null {
  if (!statement.ok && statement.reason === 'unauthorized') return null
  if (statement.ok && statement.data.details) return null
  if (!hasPinAnswer.ok) return null
  if (!hasPinAnswer.data.hasPin && !onPinCreation) return pinCreationPath
  if (hasPinAnswer.data.hasPin && onPinCreation) return dashboardPath
  return null
}
