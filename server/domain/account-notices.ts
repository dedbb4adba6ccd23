import { and, eq, isNull } from 'drizzle-orm'
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

/**
 * Removes the notice and unblocks the account: 'none' when there was none, 'frozen' when it is
 * a freeze, which only an approved unfreeze lifts (`liftFreeze`, docs/decisions/079).
 */
export async function clearAccountNotice(
  db: Database,
  userId: number,
): Promise<'cleared' | 'none' | 'frozen'> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountNotices)
      .where(and(eq(accountNotices.userId, userId), isNull(accountNotices.frozenAt)))
      .returning({ id: accountNotices.id })
    if (removed.length === 0) return (await accountNoticeOf(tx, userId)) ? 'frozen' : 'none'
    await blockDebits(tx, userId, false)
    return 'cleared'
  })
}

/** What a frozen customer reads instead of the dashboard (support may reword it). */
export const freezeNotice = {
  head: 'Your account is frozen',
  body: 'We have frozen your account: you cannot use it or move money out of it until we lift the freeze. Please contact us.',
}

/**
 * Freezes the account (docs/decisions/079): the notice, with the time and the staff's reason,
 * in the transaction of `setAccountNotice` (debits blocked, sessions ended). A notice already
 * set becomes the freeze; false when the account is frozen already (then nothing changes).
 */
export async function freezeAccount(
  db: Database,
  userId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const freeze = { ...freezeNotice, createdAt: now, frozenAt: now, freezeReason: reason }
    const frozen = await tx
      .insert(accountNotices)
      .values({ userId, ...freeze })
      .onConflictDoUpdate({
        target: accountNotices.userId,
        set: freeze,
        setWhere: isNull(accountNotices.frozenAt),
      })
      .returning({ id: accountNotices.id })
    if (frozen.length === 0) return false
    await blockDebits(tx, userId, true)
    await revokeUserSessions(tx, userId, now, ['session', 'kyc'])
    return true
  })
}

/**
 * Lifts the freeze set at `frozenAt` (an unfreeze approved, in the checker's transaction): the
 * notice goes and the account takes debits again. False when that freeze is not there any more.
 */
export async function liftFreeze(tx: Queryable, userId: number, frozenAt: Date) {
  const lifted = await tx
    .delete(accountNotices)
    .where(and(eq(accountNotices.userId, userId), eq(accountNotices.frozenAt, frozenAt)))
    .returning({ id: accountNotices.id })
  if (lifted.length === 0) return false
  await blockDebits(tx, userId, false)
  return true
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
 * Whether the customer's account is on hold (a notice or a freeze), read in the caller's
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
