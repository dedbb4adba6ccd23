import { eq, sql } from 'drizzle-orm'
import type { Language } from '#api/languages'
import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited } from '../auth/limited-checks'
import { hashSecret } from '../auth/secrets'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import {
  passcodeChangedInSettingsMail,
  passcodeChangedMail,
  passcodeResetMail,
} from '../mail/templates'
import { type CodeRefusal, prepareCode, redeemResetCode, sendCodeByMail } from './code-mail'
import { endEverySession, signOutOtherDevices } from './customer-devices'
import { recordSecurityEvent } from './security-log'
import { findUserByEmail, findUserById } from './users'

/**
 * The 6-digit passcode: reset by an e-mailed code and link when forgotten (known and unknown
 * e-mails cost the same work; docs/decisions/006), changed in Settings with the current one
 * under the login's limits (028). Hashed before any transaction opens.
 */

export const passcodeResetLink = (publicUrl: string, email: string, code: string) =>
  `${publicUrl}/wp-user/account/reset/r/${encodeURIComponent(email)}/${code}`

/**
 * Sends the reset e-mail to a customer (unless one went less than 180 s ago); null, and nothing
 * sent, for any other e-mail. The code is prepared first, so both cost the same work.
 */
/** `language`: the forgot page's, or the customer's own when the bank starts the reset. */
export async function sendPasscodeResetCode(deps: AppDeps, email: string, language: Language) {
  const prepared = await prepareCode()
  const user = await findUserByEmail(deps.db, email)
  // Admins keep their password outside the customer portal's recovery.
  if (user?.role !== 'customer') return null
  return sendCodeByMail(deps, {
    userId: user.id,
    purpose: 'reset_passcode',
    prepared,
    mail: (code) =>
      passcodeResetMail(
        user.email,
        language,
        code,
        passcodeResetLink(deps.publicUrl, user.email, code),
      ),
  })
}

/** The reset's second step: the e-mailed code and the new passcode; every session ends. */
export async function resetPasscode(
  deps: AppDeps,
  reset: { email: string; code: string; newPasscode: string; clientAddress: string | null },
): Promise<{ ok: true } | CodeRefusal> {
  const passcodeHash = await hashSecret(reset.newPasscode)
  return redeemResetCode(deps, {
    email: reset.email,
    code: reset.code,
    purpose: 'reset_passcode',
    clientAddress: reset.clientAddress,
    async apply(tx, user, now) {
      await tx
        .update(users)
        .set({
          passcodeHash,
          failedLoginCount: 0,
          lockedUntil: null,
          // The code came from the mailbox, which is what verification proves.
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, user.id))
      // The old passcode may be known to someone else: their devices are forgotten too.
      await endEverySession(tx, user.id, now)
      await enqueueMail(tx, passcodeChangedMail(user.email, user.language), now)
      await recordSecurityEvent(tx, { userId: user.id, kind: 'passcode_reset', at: now })
    },
  })
}

export type PasscodeChange =
  | { outcome: 'changed' }
  | { outcome: 'unchanged' }
  | { outcome: 'signed out' }
  /** The current passcode was refused (as of `now`) by the login's limits. */
  | { outcome: 'refused'; blockedUntil: Date | null; attemptsLeft?: number; now: Date }

/**
 * Settings' passcode change: the current passcode counts against the login lockout and the
 * address limit (the login's rules); the new one must differ from it. The customer chooses
 * whether every other session ends and every other device is forgotten (decision 080).
 */
export async function changePasscode(
  deps: AppDeps,
  session: {
    userId: number
    sessionId: number
    deviceId: number | null
    clientAddress: string | null
  },
  change: { current: string; next: string; signOutOthers: boolean },
): Promise<PasscodeChange> {
  if (change.next === change.current) return { outcome: 'unchanged' }
  const user = await findUserById(deps.db, session.userId)
  if (!user) return { outcome: 'signed out' }
  const now = deps.now()
  const check = await checkPasscodeLimited(deps.db, {
    user,
    email: user.email,
    password: change.current,
    address: addressBucket(session.clientAddress),
    now,
  })
  if (!check.ok)
    return {
      outcome: 'refused',
      blockedUntil: check.blockedUntil,
      attemptsLeft: check.attemptsLeft,
      now,
    }
  const passcodeHash = await hashSecret(change.next)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passcodeHash }).where(eq(users.id, user.id))
    if (change.signOutOthers) await signOutOtherDevices(tx, session, now)
    await enqueueMail(
      tx,
      passcodeChangedInSettingsMail(user.email, user.language, change.signOutOthers),
      now,
    )
    await recordSecurityEvent(tx, { userId: user.id, kind: 'passcode_changed', at: now })
  })
  deps.mailQueued()
  return { outcome: 'changed' }
}
