import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import { codeLifetimeMs, maxCodeAttempts, newCode } from '../auth/one-time-codes'
import { hashSecret, verifySecret } from '../auth/secrets'
import type { Database, Queryable } from '../db/database'
import { oneTimeCodes, transferAuthorizations, users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { transferCodeMail } from '../mail/templates'
import { stepUpPolicy } from './bank-configuration'
import { isKnownPayee } from './payees'

/**
 * The chain confirmmypin → (confirmtpin) → newtrs (docs/decisions/031-transfer-authorisation.md):
 * a right PIN creates an authorisation for one amount and one payee; when the bank's policy asks
 * for a step-up, a 6-digit code bound to that amount and payee is e-mailed and must be entered
 * first; newtrs consumes the authorisation exactly once.
 */
export const authorizationLifetimeMs = 15 * 60_000

export interface TransferIntent {
  userId: number
  amount: number
  payeeKey: string
  /** For the e-mail: who the money goes to, as the customer typed it. */
  payeeLabel: string
  currencySymbol: string
}

export type StepUpReason = 'amount' | 'new-payee'

export async function stepUpReasonFor(
  db: Queryable,
  intent: { userId: number; amount: number; payeeKey: string },
): Promise<StepUpReason | null> {
  const [user] = await db
    .select({ plan: users.currentPlan })
    .from(users)
    .where(eq(users.id, intent.userId))
  const policy = await stepUpPolicy(db, user?.plan ?? '')
  if (intent.amount > policy.limit) return 'amount'
  if (policy.newPayee && !(await isKnownPayee(db, intent.userId, intent.payeeKey)))
    return 'new-payee'
  return null
}

/** After a right PIN: the authorisation, and the e-mailed code when a step-up is needed. */
export async function authorizeTransfer(db: Database, intent: TransferIntent, now: Date) {
  const reason = await stepUpReasonFor(db, intent)
  const id = randomBytes(18).toString('base64url')
  const code = reason ? newCode() : null
  const codeHash = code ? await hashSecret(code) : null
  await db.transaction(async (tx) => {
    let codeId: number | null = null
    if (code && codeHash) {
      const [row] = await tx
        .insert(oneTimeCodes)
        .values({
          userId: intent.userId,
          purpose: 'transfer_auth',
          codeHash,
          boundTo: { authorization: id, amount: intent.amount, payee: intent.payeeKey },
          expiresAt: new Date(now.getTime() + codeLifetimeMs),
          createdAt: now,
        })
        .returning({ id: oneTimeCodes.id })
      codeId = row?.id ?? null
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, intent.userId))
      if (!user) throw new Error(`user ${intent.userId} vanished`)
      await enqueueMail(
        tx,
        transferCodeMail(user.email, code, {
          amount: formatMoney(intent.amount, intent.currencySymbol),
          payee: intent.payeeLabel,
        }),
        now,
      )
    }
    await tx.insert(transferAuthorizations).values({
      id,
      userId: intent.userId,
      amount: intent.amount,
      payeeKey: intent.payeeKey,
      stepUpRequired: reason !== null,
      codeId,
      authorizedAt: reason ? null : now,
      expiresAt: new Date(now.getTime() + authorizationLifetimeMs),
      createdAt: now,
    })
  })
  return { id, stepUp: reason }
}

export type StepUpCheck =
  | { ok: true }
  | { ok: false; reason: 'unknown' | 'used' | 'not-needed' | 'dead-code' }
  | { ok: false; reason: 'other-transfer' | 'wrong'; triesLeft: number }

/**
 * Checks the e-mailed code for an authorisation. Every check spends one of the code's 5 tries
 * first (atomically), including a check for another amount or payee: the code is bound to
 * what it was sent for.
 */
export async function checkStepUpCode(
  db: Database,
  attempt: {
    userId: number
    authorization: string
    amount: number
    payeeKey: string
    code: string
  },
  now: Date,
): Promise<StepUpCheck> {
  const [authorization] = await db
    .select()
    .from(transferAuthorizations)
    .where(
      and(
        eq(transferAuthorizations.id, attempt.authorization),
        eq(transferAuthorizations.userId, attempt.userId),
      ),
    )
  if (!authorization || authorization.expiresAt <= now) return { ok: false, reason: 'unknown' }
  if (authorization.usedAt || authorization.authorizedAt)
    return { ok: false, reason: authorization.stepUpRequired ? 'used' : 'not-needed' }
  if (!authorization.codeId) return { ok: false, reason: 'dead-code' }
  const [live] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, authorization.codeId),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxCodeAttempts),
      ),
    )
    .returning({
      codeHash: oneTimeCodes.codeHash,
      attempts: oneTimeCodes.attempts,
      boundTo: oneTimeCodes.boundTo,
    })
  if (!live) return { ok: false, reason: 'dead-code' }
  const triesLeft = maxCodeAttempts - live.attempts
  const bound = live.boundTo as { amount?: number; payee?: string } | null
  if (bound?.amount !== attempt.amount || bound?.payee !== attempt.payeeKey)
    return { ok: false, reason: 'other-transfer', triesLeft }
  if (!(await verifySecret(live.codeHash, attempt.code)))
    return { ok: false, reason: 'wrong', triesLeft }
  const completed = await db.transaction(async (tx) => {
    const used = await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.id, authorization.codeId as number), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id })
    if (used.length === 0) return false
    await tx
      .update(transferAuthorizations)
      .set({ authorizedAt: now })
      .where(eq(transferAuthorizations.id, authorization.id))
    return true
  })
  return completed ? { ok: true } : { ok: false, reason: 'used' }
}
