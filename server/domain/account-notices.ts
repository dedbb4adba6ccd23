import { eq } from 'drizzle-orm'
import { revokeUserSessions } from '../auth/sessions'
import type { Database, Queryable } from '../db/database'
import { customerAccountCode } from '../db/ledger'
import { accountNotices, ledgerAccounts } from '../db/schema'

/**
 * The blocking account notice (the spec's ismsg): shown at login instead of the dashboard. In
 * one transaction it also blocks every debit of the customer's account on the ledger row each
 * debit updates (a transfer racing it waits for it and is then refused) and ends the customer's
 * sessions, so a token issued before the notice can do nothing more (docs/decisions/031).
 */
export async function setAccountNotice(
  db: Database,
  userId: number,
  notice: { head: string; body: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(accountNotices)
      .values({ userId, ...notice, createdAt: now })
      .onConflictDoUpdate({ target: accountNotices.userId, set: { ...notice, createdAt: now } })
    await blockDebits(tx, userId, true)
    await revokeUserSessions(tx, userId, now, ['session', 'kyc'])
  })
}

/** Removes the notice and unblocks the account; false when there was none. */
export async function clearAccountNotice(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountNotices)
      .where(eq(accountNotices.userId, userId))
      .returning({ id: accountNotices.id })
    if (removed.length === 0) return false
    await blockDebits(tx, userId, false)
    return true
  })
}

/** The customer's notice, or undefined when none is set. */
export async function accountNoticeOf(db: Queryable, userId: number) {
  const [notice] = await db.select().from(accountNotices).where(eq(accountNotices.userId, userId))
  return notice
}

async function blockDebits(db: Queryable, userId: number, blocked: boolean) {
  await db
    .update(ledgerAccounts)
    .set({ debitsBlocked: blocked })
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
}

/**
 * Whether the customer's account is on hold (a notice, later a freeze), read in the caller's
 * transaction with a share lock on the row a notice changes: a notice being set is waited for.
 */
export async function isOnHold(tx: Queryable, userId: number): Promise<boolean> {
  const [account] = await tx
    .select({ blocked: ledgerAccounts.debitsBlocked })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
    .for('share')
  return account?.blocked ?? false
}
