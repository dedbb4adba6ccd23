import { and, eq, isNull } from 'drizzle-orm'
import { clearPinFailures } from '../auth/secret-lockouts'
import { hashSecret } from '../auth/secrets'
import { users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { pinCreatedMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

/**
 * Creating the transaction PIN (spec sections 4 and 7, `updatepin`): a signed-in customer
 * without a PIN sets the 4-digit PIN (the contract refuses anything else with a 400). It is
 * stored as an argon2id hash. A customer who already has one is refused with `status: false`:
 * changing a PIN is `supdatepin` (current PIN first), and a forgotten one is reset by e-mail.
 * The customer is told by e-mail, like after a PIN reset (docs/decisions/006, 010).
 */

export const pinCreatedMessage = 'Your transaction PIN has been successfully created'
export const pinExistsMessage = 'You already have a transaction PIN. To change it, go to Settings.'

export const updatepin: Handler<'updatepin'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  // A cheap look first, so a refused request spends no argon2id work.
  const [current] = await deps.db
    .select({ pinHash: users.pinHash })
    .from(users)
    .where(eq(users.id, userId))
  if (current?.pinHash) return { status: false, message: pinExistsMessage }

  const pinHash = await hashSecret(input.pin)
  const now = deps.now()
  // Only where no PIN is set: of two requests racing here, exactly one writes (the row lock
  // makes the other re-read the row and find the PIN), so a PIN is never overwritten.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ pinHash })
      .where(and(eq(users.id, userId), isNull(users.pinHash)))
      .returning({ email: users.email })
    if (!row) return false
    await clearPinFailures(tx, userId)
    await enqueueMail(tx, pinCreatedMail(row.email), now)
    return true
  })
  if (!created) return { status: false, message: pinExistsMessage }
  deps.mailQueued()
  return { status: true, message: pinCreatedMessage }
}
