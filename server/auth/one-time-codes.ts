import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { type oneTimeCodePurposes, oneTimeCodes } from '../db/schema'
import { spendVerifyWork, verifySecret } from './secrets'

/**
 * E-mailed 6-digit codes (verification, passcode reset, PIN reset): random from the CSPRNG,
 * stored as argon2id hashes, single use, valid 10 minutes, dead after 5 tries, and no new one
 * sooner than 180 s after the last. A new code replaces the older ones of the same purpose.
 * See docs/decisions/006-signup-and-recovery.md.
 */
export type CodePurpose = (typeof oneTimeCodePurposes)[number]

export const codeLifetimeMs = 10 * 60_000
export const maxCodeAttempts = 5
export const resendIntervalMs = 180_000

/** Six digits, leading zeros kept: 000000 to 999999 equally likely. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export type IssueOutcome = { issued: true } | { issued: false; waitSeconds: number }

/**
 * Stores a new code for the user, replacing older ones, unless the last was issued less than
 * 180 s ago. Run it in a transaction that holds the user's row lock, so two requests cannot both
 * pass the interval check.
 */
export async function issueCode(
  tx: Queryable,
  options: { userId: number; purpose: CodePurpose; codeHash: string; now: Date },
): Promise<IssueOutcome> {
  const { userId, purpose, now } = options
  const [last] = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  const waitMs = last ? last.createdAt.getTime() + resendIntervalMs - now.getTime() : 0
  if (waitMs > 0) return { issued: false, waitSeconds: Math.ceil(waitMs / 1000) }
  await tx
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
  await tx.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: options.codeHash,
    expiresAt: new Date(now.getTime() + codeLifetimeMs),
    createdAt: now,
  })
  return { issued: true }
}

/**
 * Checks a code the customer typed against the user's live code, spending one of its tries
 * first (atomically, so parallel guesses cannot exceed the limit). Returns the code's id when it
 * matches; the caller consumes it in the transaction that applies its effect. A null user (an
 * e-mail without an account) costs the same work and fails.
 */
export async function checkCode(
  db: Queryable,
  options: { userId: number | null; purpose: CodePurpose; code: string; now: Date },
): Promise<number | null> {
  const { userId, purpose, code, now } = options
  if (userId === null) return spendVerifyWork(code).then(() => null)
  const [live] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxCodeAttempts),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash })
  if (!live) return spendVerifyWork(code).then(() => null)
  return (await verifySecret(live.codeHash, code)) ? live.id : null
}

/** Marks a checked code used; false when a parallel request used it first. */
export async function consumeCode(tx: Queryable, codeId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id })
  return used.length > 0
}
