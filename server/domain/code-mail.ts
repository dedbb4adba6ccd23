import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import {
  type CodePurpose,
  consumeCode,
  type IssueOutcome,
  issueCode,
  newCode,
} from '../auth/one-time-codes'
import { hashSecret } from '../auth/secrets'
import type { Queryable, Transaction } from '../db/database'
import type { AppDeps } from '../deps'
import type { OutgoingMail } from '../mail/outbox'
import { enqueueMail } from '../mail/outbox'
import { findUserByEmail, lockUser, type UserRow } from './users'

export interface PreparedCode {
  code: string
  codeHash: string
}

/** A new code and its argon2id hash, computed before any transaction opens. */
export async function prepareCode(): Promise<PreparedCode> {
  const code = newCode()
  return { code, codeHash: await hashSecret(code) }
}

/**
 * In the caller's transaction: stores the code (unless one was sent less than 180 s ago) and
 * queues the e-mail that carries it. The caller wakes the mail worker after the commit.
 */
export async function issueCodeByMail(
  tx: Queryable,
  options: {
    userId: number
    purpose: CodePurpose
    prepared: PreparedCode
    mail: (code: string) => OutgoingMail
    now: Date
  },
): Promise<IssueOutcome> {
  const { userId, purpose, prepared, now } = options
  await lockUser(tx, userId)
  const outcome = await issueCode(tx, { userId, purpose, codeHash: prepared.codeHash, now })
  if (outcome.issued) await enqueueMail(tx, options.mail(prepared.code), now)
  return outcome
}

/**
 * `issueCodeByMail` in its own transaction, then wakes the mail worker. Callers prepare the code
 * before they know whether the e-mail has an account, so both cases cost the same work.
 */
export async function sendCodeByMail(
  deps: AppDeps,
  options: {
    userId: number
    purpose: CodePurpose
    prepared: PreparedCode
    mail: (code: string) => OutgoingMail
  },
): Promise<IssueOutcome> {
  const now = deps.now()
  const outcome = await deps.db.transaction((tx) => issueCodeByMail(tx, { ...options, now }))
  if (outcome.issued) deps.mailQueued()
  return outcome
}

/**
 * A refused code: `blockedUntil` when the attempt limits block (then the "too many attempts"
 * answer, as of `now`), null for a wrong, used, expired or exhausted code.
 */
export type CodeRefusal = { ok: false; blockedUntil: Date | null; now: Date }

/**
 * The second step of a reset by e-mailed code, shared by passcode and PIN: checks the code under
 * the attempt limits, then (in one transaction, with the user's row locked) uses it up and lets
 * `apply` write the new secret, and wakes the mail worker.
 */
export async function redeemResetCode(
  deps: Pick<AppDeps, 'db' | 'now' | 'mailQueued'>,
  request: {
    email: string
    code: string
    purpose: 'reset_passcode' | 'reset_pin'
    clientAddress: string | null
    apply: (tx: Transaction, user: UserRow, now: Date) => Promise<void>
  },
): Promise<{ ok: true } | CodeRefusal> {
  const now = deps.now()
  const user = await findUserByEmail(deps.db, request.email)
  const check = await checkCodeLimited(deps.db, {
    userId: user?.id ?? null,
    email: request.email,
    purpose: request.purpose,
    code: request.code,
    address: addressBucket(request.clientAddress),
    now,
  })
  if (!check.ok) return { ok: false, blockedUntil: check.blockedUntil, now }
  if (!user) throw new Error('a code matched without a user')
  const redeemed = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, check.codeId, now))) return false
    await lockUser(tx, user.id)
    await request.apply(tx, user, now)
    return true
  })
  if (!redeemed) return { ok: false, blockedUntil: null, now }
  deps.mailQueued()
  return { ok: true }
}
