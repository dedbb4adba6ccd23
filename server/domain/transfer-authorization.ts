import { createHash, randomBytes } from 'node:crypto'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import {
  blockedUntil,
  failCheck,
  passCheck,
  releaseCheck,
  startCheck,
} from '../auth/attempt-lockout'
import { codeLifetimeMs, maxCodeAttempts, newCode } from '../auth/one-time-codes'
import { secretLockout, secretLockoutRow, transferCodeLockout } from '../auth/secret-lockouts'
import { hashSecret, verifySecret } from '../auth/secrets'
import type { Database, Queryable } from '../db/database'
import { oneTimeCodes, transferAuthorizations, users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { transferCodeMail } from '../mail/templates'
import { stepUpPolicy } from './bank-configuration'
import { type TransferSignature, transferChallengeOf } from './customer-passkeys'
import { isKnownPayee, type PayeeDetails } from './payees'

/**
 * The chain confirmmypin → (confirmtpin) → newtrs (docs/decisions/031-transfer-authorisation.md):
 * a right PIN creates an authorisation for one amount and one payee; when the bank's policy asks
 * for a step-up, a 6-digit code bound to that amount and payee is e-mailed and must be entered
 * first; newtrs consumes the authorisation exactly once.
 */
export const authorizationLifetimeMs = 15 * 60_000

/** At most this many code e-mails per customer in the window: each is a new chance to guess. */
export const stepUpMailLimit = { mails: 5, windowMs: 15 * 60_000 } as const

/** Everything the customer approves with the PIN (and the code): the transfer must match it all. */
export interface ApprovedTransfer {
  amount: number
  /** ISO 4217: the account's currency. */
  currency: string
  bank: string
  swift: string
  routing: string
  country: string
  actNo: string
  actHoldName: string
}

/** The payee's fields of a request (as the contract normalised them), for `approvedFrom`. */
export type RequestedPayee = Omit<PayeeDetails, 'currency'>

/** What the customer approves: the amount, the currency and the payee's fields. */
export function approvedFrom(
  payee: RequestedPayee,
  amount: number,
  currency: string,
): ApprovedTransfer {
  return {
    amount,
    currency,
    bank: payee.bank,
    swift: payee.swiftCode,
    routing: payee.routingNumber,
    country: payee.country,
    actNo: payee.accountNumber,
    actHoldName: payee.accountHolderName,
  }
}

/** SHA-256 of an approved transfer, the value `newtrs` must match (docs/decisions/031). */
export function bindingOf(approved: ApprovedTransfer): string {
  const fields = [
    approved.amount,
    approved.currency,
    approved.bank,
    approved.swift.toUpperCase(),
    approved.routing,
    approved.country,
    approved.actNo.toUpperCase(),
    approved.actHoldName,
  ]
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex')
}

export interface TransferIntent {
  userId: number
  amount: number
  payeeKey: string
  binding: string
  /** For the e-mail: who the money goes to, as the customer typed it. */
  payeeLabel: string
  currencySymbol: string
  /** The customer has a passkey: a step-up is approved with it, no code is e-mailed (081). */
  passkeyHolder: boolean
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

export type StepUpMethod = 'code' | 'passkey'

export type Authorization =
  | { id: string; stepUp: StepUpReason | null; method: StepUpMethod | null }
  /** A code would be one e-mail too many in the window: nothing was created. */
  | { mailLimitUntil: Date }

/** After a right PIN: the authorisation, and the e-mailed code when a step-up is needed. */
export async function authorizeTransfer(
  db: Database,
  intent: TransferIntent,
  now: Date,
): Promise<Authorization> {
  const reason = await stepUpReasonFor(db, intent)
  const id = randomBytes(18).toString('base64url')
  const method: StepUpMethod | null = reason ? (intent.passkeyHolder ? 'passkey' : 'code') : null
  const code = method === 'code' ? newCode() : null
  const codeHash = code ? await hashSecret(code) : null
  return db.transaction(async (tx) => {
    let codeId: number | null = null
    if (code && codeHash) {
      // The customer's row lock makes parallel authorisations count one after another.
      const [user] = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, intent.userId))
        .for('update')
      if (!user) throw new Error(`user ${intent.userId} vanished`)
      const windowStart = new Date(now.getTime() - stepUpMailLimit.windowMs)
      const sent = await tx
        .select({ at: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, intent.userId),
            eq(oneTimeCodes.purpose, 'transfer_auth'),
            gt(oneTimeCodes.createdAt, windowStart),
          ),
        )
        .orderBy(oneTimeCodes.createdAt)
      if (sent.length >= stepUpMailLimit.mails) {
        const oldest = sent[sent.length - stepUpMailLimit.mails]?.at ?? now
        return { mailLimitUntil: new Date(oldest.getTime() + stepUpMailLimit.windowMs) }
      }
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
      await enqueueMail(
        tx,
        transferCodeMail(user.email, user.language, code, {
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
      binding: intent.binding,
      stepUpRequired: reason !== null,
      stepUpMethod: method,
      codeId,
      authorizedAt: reason ? null : now,
      expiresAt: new Date(now.getTime() + authorizationLifetimeMs),
      createdAt: now,
    })
    return { id, stepUp: reason, method }
  })
}

export type PasskeyApproval =
  | { ok: true }
  | { ok: false; reason: 'unknown' | 'used' | 'not-passkey' }
  | { ok: false; reason: 'other-transfer' | 'not-verified' }
  | { ok: false; reason: 'blocked'; blockedUntil: Date }

/**
 * A step-up approved with a passkey (docs/decisions/081): the answer must sign the challenge
 * derived from this authorisation and the binding of what the request names, which must be the
 * authorisation's own. Another amount or payee is refused before any signature is looked at, and
 * so is a payment dialog's answer that showed another (082); a refused answer counts as a wrong
 * code in the customer's lockout across authorisations.
 */
export async function approveWithPasskey(
  db: Database,
  attempt: { userId: number; authorization: string; binding: string },
  signed: (challenge: string) => Promise<TransferSignature>,
  now: Date,
): Promise<PasskeyApproval> {
  return underTransferCodeLockout(
    db,
    attempt.userId,
    now,
    () => approveOnce(db, attempt, signed, now),
    (approval) => approval.reason === 'other-transfer' || approval.reason === 'not-verified',
  )
}

async function approveOnce(
  db: Database,
  attempt: { userId: number; authorization: string; binding: string },
  signed: (challenge: string) => Promise<TransferSignature>,
  now: Date,
): Promise<PasskeyApproval> {
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
  if (authorization.usedAt || authorization.authorizedAt) return { ok: false, reason: 'used' }
  if (authorization.stepUpMethod !== 'passkey') return { ok: false, reason: 'not-passkey' }
  if (authorization.binding !== attempt.binding) return { ok: false, reason: 'other-transfer' }
  const challenge = isoBase64URL.fromBuffer(
    transferChallengeOf(attempt.authorization, attempt.binding),
  )
  const signature = await signed(challenge)
  if (signature === 'other-transfer') return { ok: false, reason: 'other-transfer' }
  if (signature !== 'signed') return { ok: false, reason: 'not-verified' }
  const completed = await db
    .update(transferAuthorizations)
    .set({ authorizedAt: now })
    .where(
      and(
        eq(transferAuthorizations.id, authorization.id),
        isNull(transferAuthorizations.authorizedAt),
        isNull(transferAuthorizations.usedAt),
      ),
    )
    .returning({ id: transferAuthorizations.id })
  return completed.length > 0 ? { ok: true } : { ok: false, reason: 'used' }
}

export type StepUpCheck =
  | { ok: true }
  | { ok: false; reason: 'unknown' | 'used' | 'not-needed' | 'dead-code' }
  | { ok: false; reason: 'other-transfer' | 'wrong'; triesLeft: number }
  | { ok: false; reason: 'blocked'; blockedUntil: Date }

/** A code typed for an authorisation, with the transfer it is meant for. */
export interface StepUpAttempt {
  userId: number
  authorization: string
  amount: number
  payeeKey: string
  code: string
}

/** While too many wrong codes block transfers: until when. */
export async function transferCodesBlockedUntil(db: Database, userId: number, now: Date) {
  return blockedUntil(db, secretLockout(userId, 'transfer_code'), now)
}

/**
 * Checks the e-mailed code for an authorisation, under the customer's lockout of wrong codes
 * across authorisations. Every check spends one of the code's 5 tries first (atomically),
 * including a check for another amount or payee: the code is bound to what it was sent for.
 * A wrong code, or one for another transfer, counts towards the lockout.
 */
export async function checkStepUpCode(
  db: Database,
  attempt: StepUpAttempt,
  now: Date,
): Promise<StepUpCheck> {
  return underTransferCodeLockout(
    db,
    attempt.userId,
    now,
    () => checkCodeOnce(db, attempt, now),
    (checked) => checked.reason === 'wrong' || checked.reason === 'other-transfer',
  )
}

/**
 * One step-up check (an e-mailed code, a passkey's approval) under the customer's lockout of
 * failed step-ups across authorisations: nothing is checked while it blocks, a failure that
 * `counts` moves it (and may block), any other answer leaves it as it was.
 */
async function underTransferCodeLockout<R extends { ok: true } | { ok: false; reason: string }>(
  db: Database,
  userId: number,
  now: Date,
  checkOnce: () => Promise<R>,
  counts: (failed: Exclude<R, { ok: true }>) => boolean,
): Promise<R | { ok: false; reason: 'blocked'; blockedUntil: Date }> {
  const lockout = await secretLockoutRow(db, userId, 'transfer_code')
  const blocked = await startCheck(db, lockout, transferCodeLockout, now)
  if (blocked) return { ok: false, reason: 'blocked', blockedUntil: blocked }
  let result: R
  try {
    result = await checkOnce()
  } catch (error) {
    await releaseCheck(db, lockout)
    throw error
  }
  if (result.ok) await passCheck(db, lockout)
  else if (counts(result as Exclude<R, { ok: true }>)) {
    const failed = await failCheck(db, lockout, transferCodeLockout, now)
    if (failed.blockedUntil)
      return { ok: false, reason: 'blocked', blockedUntil: failed.blockedUntil }
  } else await releaseCheck(db, lockout)
  return result
}

async function checkCodeOnce(
  db: Database,
  attempt: StepUpAttempt,
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
