import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm'
import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import { consumeCode, maxCodeAttempts } from '../auth/one-time-codes'
import type { Queryable } from '../db/database'
import { violatedUniqueIndex } from '../db/errors'
import { oneTimeCodes, users } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import { emailChangeCodeMail, emailChangedMail } from '../mail/templates'
import { issueCodeByMail, prepareCode } from './code-mail'
import { recordSecurityEvent } from './security-log'
import { findUserByEmail, findUserById, lockUser } from './users'

/**
 * Changing the e-mail address in two steps (docs/decisions/026-email-change.md): a 6-digit code
 * goes to the new address, which is kept with the code; only that code makes the new address
 * replace the old one, which is then told.
 */

/**
 * The new address of an e-mail change still waiting for its code, or null: it is kept with the
 * live `change_email` code (docs/decisions/026), so it survives signing out and in again.
 */
export async function pendingEmailChange(db: Queryable, userId: number, now: Date) {
  const [pending] = await db
    .select({ boundTo: oneTimeCodes.boundTo })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'change_email'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxCodeAttempts),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
  const email = (pending?.boundTo as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : null
}

export type EmailChangeRequest =
  | { outcome: 'sent' }
  | { outcome: 'signed out' | 'same address' | 'unavailable' }
  /** A code went less than 180 s ago: nothing sent. */
  | { outcome: 'wait'; waitSeconds: number }

/**
 * The change's first step: e-mails a 6-digit code to the new address and keeps the address with
 * the code. The address must be another one, and no account's.
 */
export async function requestEmailChange(
  deps: AppDeps,
  userId: number,
  email: string,
): Promise<EmailChangeRequest> {
  const user = await findUserById(deps.db, userId)
  if (!user) return { outcome: 'signed out' }
  if (email === user.email) return { outcome: 'same address' }
  if (await findUserByEmail(deps.db, email)) return { outcome: 'unavailable' }
  const prepared = await prepareCode()
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const issued = await issueCodeByMail(tx, {
      userId,
      purpose: 'change_email',
      prepared,
      mail: (code) => emailChangeCodeMail(email, user.language, code),
      now,
    })
    if (issued.issued)
      await tx
        .update(oneTimeCodes)
        .set({ boundTo: { email } })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, 'change_email'),
            isNull(oneTimeCodes.usedAt),
          ),
        )
    return issued
  })
  if (!outcome.issued) return { outcome: 'wait', waitSeconds: outcome.waitSeconds }
  deps.mailQueued()
  return { outcome: 'sent' }
}

/** The user's row was gone under the lock: the transaction rolls back, the caller is signed out. */
class UserGone extends Error {}

export type EmailChangeConfirmation =
  | { outcome: 'changed'; email: string }
  | { outcome: 'signed out' | 'unavailable' }
  /** A wrong, used or expired code; `blockedUntil` (as of `now`) when the attempt limits block. */
  | { outcome: 'refused'; blockedUntil: Date | null; now: Date }

/**
 * The change's second step: with the code (under the attempt limits) the kept address replaces
 * the old one, which is told by e-mail.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  userId: number,
  attempt: { code: string; clientAddress: string | null },
): Promise<EmailChangeConfirmation> {
  const user = await findUserById(deps.db, userId)
  if (!user) return { outcome: 'signed out' }
  const now = deps.now()
  const check = await checkCodeLimited(deps.db, {
    userId,
    email: user.email,
    purpose: 'change_email',
    code: attempt.code,
    address: addressBucket(attempt.clientAddress),
    now,
  })
  if (!check.ok) return { outcome: 'refused', blockedUntil: check.blockedUntil, now }
  const [code] = await deps.db
    .select({ boundTo: oneTimeCodes.boundTo })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.id, check.codeId))
  const newEmail = (code?.boundTo as { email?: unknown } | null)?.email
  if (typeof newEmail !== 'string') return { outcome: 'refused', blockedUntil: null, now }

  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId)
      if (!locked) throw new UserGone()
      if (!(await consumeCode(tx, check.codeId, now))) return 'used' as const
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, userId))
      await enqueueMail(tx, emailChangedMail(locked.email, locked.language, newEmail), now)
      await recordSecurityEvent(tx, { userId, kind: 'email_changed', at: now })
      return 'changed' as const
    })
    if (outcome === 'used') return { outcome: 'refused', blockedUntil: null, now }
  } catch (error) {
    if (error instanceof UserGone) return { outcome: 'signed out' }
    // Someone opened an account with that address after the code was sent.
    if (violatedUniqueIndex(error) === 'users_email_key') return { outcome: 'unavailable' }
    throw error
  }
  deps.mailQueued()
  return { outcome: 'changed', email: newEmail }
}
