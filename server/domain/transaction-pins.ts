import { and, eq, isNull } from 'drizzle-orm'
import { checkPinLimited, clearPinFailures, type PinCheck } from '../auth/secret-lockouts'
import { hashSecret } from '../auth/secrets'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import {
  pinChangedInSettingsMail,
  pinChangedMail,
  pinCreatedMail,
  pinResetMail,
} from '../mail/templates'
import { type CodeRefusal, prepareCode, redeemResetCode, sendCodeByMail } from './code-mail'
import { recordSecurityEvent } from './security-log'
import { findUserById } from './users'

/**
 * The transaction PIN (spec sections 4 and 7): created once by a customer without one
 * (docs/decisions/010), changed in Settings with the current one (028), reset by an e-mailed
 * link (006). Stored as an argon2id hash, hashed before any transaction opens; every change is
 * told by e-mail, and a new PIN clears the earlier wrong tries.
 */

export async function hasPin(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId))
  return Boolean(row?.pinHash)
}

/** Sets the first PIN; 'exists' (nothing written) when the customer already has one. */
export async function createPin(
  deps: AppDeps,
  userId: number,
  pin: string,
): Promise<'created' | 'exists'> {
  // A cheap look first, so a refused request spends no argon2id work.
  if (await hasPin(deps.db, userId)) return 'exists'

  const pinHash = await hashSecret(pin)
  const now = deps.now()
  // Only where no PIN is set: of two requests racing here, exactly one writes (the row lock
  // makes the other re-read the row and find the PIN), so a PIN is never overwritten.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ pinHash })
      .where(and(eq(users.id, userId), isNull(users.pinHash)))
      .returning({ email: users.email, language: users.language })
    if (!row) return false
    await clearPinFailures(tx, userId)
    await enqueueMail(tx, pinCreatedMail(row.email, row.language), now)
    await recordSecurityEvent(tx, { userId, kind: 'pin_created', at: now })
    return true
  })
  if (!created) return 'exists'
  deps.mailQueued()
  return 'created'
}

export const pinResetLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/wp-user/account/resetpin/r/${encodeURIComponent(email)}/${code}`

/** E-mails the signed-in customer a link to reset the PIN; null when the user is gone. */
export async function sendPinResetLink(deps: AppDeps, userId: number) {
  const user = await findUserById(deps.db, userId)
  if (!user) return null
  return sendCodeByMail(deps, {
    userId: user.id,
    purpose: 'reset_pin',
    prepared: await prepareCode(),
    mail: (code) =>
      pinResetMail(user.email, user.language, pinResetLink(deps.publicUrl, user.email, code)),
  })
}

/** The link's second step: the e-mailed code and the new PIN. */
export async function resetPin(
  deps: AppDeps,
  reset: { email: string; code: string; newPin: string; clientAddress: string | null },
): Promise<{ ok: true } | CodeRefusal> {
  const pinHash = await hashSecret(reset.newPin)
  return redeemResetCode(deps, {
    email: reset.email,
    code: reset.code,
    purpose: 'reset_pin',
    clientAddress: reset.clientAddress,
    async apply(tx, user, now) {
      await tx.update(users).set({ pinHash }).where(eq(users.id, user.id))
      await clearPinFailures(tx, user.id)
      await enqueueMail(tx, pinChangedMail(user.email, user.language), now)
      await recordSecurityEvent(tx, { userId: user.id, kind: 'pin_reset', at: now })
    },
  })
}

export type PinChange =
  | { outcome: 'changed' }
  | { outcome: 'signed out' }
  /** The current PIN was refused (as of `now`) by the transfers' PIN check. */
  | { outcome: 'refused'; check: Exclude<PinCheck, { ok: true }>; now: Date }

/**
 * Settings' PIN change: the current PIN counts against the transfers' PIN lockout (one count and
 * one block for Settings and transfers).
 */
export async function changePin(
  deps: AppDeps,
  userId: number,
  change: { current: string; next: string },
): Promise<PinChange> {
  const user = await findUserById(deps.db, userId)
  if (!user) return { outcome: 'signed out' }
  const now = deps.now()
  const check = await checkPinLimited(deps.db, user.id, change.current, now)
  if (!check.ok) return { outcome: 'refused', check, now }
  const pinHash = await hashSecret(change.next)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ pinHash }).where(eq(users.id, user.id))
    await enqueueMail(tx, pinChangedInSettingsMail(user.email, user.language), now)
    await recordSecurityEvent(tx, { userId: user.id, kind: 'pin_changed', at: now })
  })
  deps.mailQueued()
  return { outcome: 'changed' }
}
