import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Language } from '#api/languages'
import { wordsIn } from '#api/words'
import { hashToken } from '../auth/sessions'
import type { Queryable } from '../db/database'
import { signInAlerts } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import { newSignInMail } from '../mail/templates'
import { endEverySession } from './customer-devices'
import { notifyCustomer } from './notifications'
import { sendPasscodeResetCode } from './passcodes'
import { recordSecurityEvent } from './security-log'
import { browserOnSystem } from './user-agents'
import { findUserById } from './users'

/**
 * New sign-in alerts (issue 19 item 4, docs/decisions/080): a sign-in from a device the
 * customer had not used is told by e-mail and in the portal's notifications, with "This wasn't
 * me", which ends every session, forgets every device and starts a passcode reset.
 */
export const alertLinkLifetimeMs = 7 * 24 * 3_600_000

/** The page that asks "This wasn't me?": the forgot-passcode page, the token in the fragment. */
export const notMeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/wp-user/account/forgot#not-me=${token}`

/** In the sign-in's transaction: the e-mail, the notification and the log's line. */
export async function alertNewSignIn(
  tx: Queryable,
  signIn: {
    userId: number
    email: string
    language: Language
    userAgent: string | null
    clientAddress: string | null
    publicUrl: string
    now: Date
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const { now } = signIn
  await tx.insert(signInAlerts).values({
    userId: signIn.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + alertLinkLifetimeMs),
    createdAt: now,
  })
  const mail = newSignInMail(signIn.email, signIn.language, {
    at: now,
    device: browserOnSystem(signIn.userAgent),
    address: signIn.clientAddress,
    link: notMeLink(signIn.publicUrl, token),
  })
  await enqueueMail(tx, mail, now)
  await notifyCustomer(
    tx,
    {
      userId: signIn.userId,
      title: mail.title,
      body: `${mail.summary} ${wordsIn(signIn.language, "If this wasn't you, use the link in the e-mail we sent, or sign out your devices in Settings and change your passcode.")}`,
    },
    now,
  )
}

export type NotMeReport =
  | { outcome: 'secured'; email: string }
  /** Unknown, used or expired: nothing changed. */
  | { outcome: 'refused' }

/**
 * "This wasn't me": once per link, every session of the customer ends and every device is
 * forgotten, then the passcode reset's code and link go to their e-mail (the reset flow's own
 * 180-second wait between two e-mails applies).
 */
export async function reportNotMe(deps: AppDeps, token: string): Promise<NotMeReport> {
  const now = deps.now()
  const userId = await deps.db.transaction(async (tx) => {
    const [alert] = await tx
      .update(signInAlerts)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInAlerts.tokenHash, hashToken(token)),
          isNull(signInAlerts.usedAt),
          gt(signInAlerts.expiresAt, now),
        ),
      )
      .returning({ userId: signInAlerts.userId })
    if (!alert) return null
    await endEverySession(tx, alert.userId, now)
    await recordSecurityEvent(tx, { userId: alert.userId, kind: 'not_me_reported', at: now })
    return alert.userId
  })
  const user = userId === null ? undefined : await findUserById(deps.db, userId)
  if (!user) return { outcome: 'refused' }
  await sendPasscodeResetCode(deps, user.email, user.language)
  deps.mailQueued()
  return { outcome: 'secured', email: user.email }
}
