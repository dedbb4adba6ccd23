import { type CodePurpose, type IssueOutcome, issueCode, newCode } from '../auth/one-time-codes'
import { hashSecret } from '../auth/secrets'
import type { Queryable } from '../db/database'
import type { AppDeps } from '../deps'
import type { OutgoingMail } from '../mail/outbox'
import { enqueueMail } from '../mail/outbox'
import { lockUser } from './users'

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
