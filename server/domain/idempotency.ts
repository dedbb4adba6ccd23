import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database, Queryable, Transaction } from '../db/database'
import { idempotentSubmissions } from '../db/schema'

/**
 * Client-generated idempotency keys for money submissions. The key is claimed in the same
 * transaction as the work: a retry (same key, same fields) gets the stored first answer and does
 * nothing; the same key with other fields is refused. Two parallel submissions with one key:
 * PostgreSQL makes the second wait on the unique index until the first commits, then it finds
 * the answer. See docs/decisions/031-transfer-authorisation.md.
 */
export type Submission<A> =
  | { outcome: 'first'; answer: A }
  | { outcome: 'replay'; answer: A }
  | { outcome: 'other-fields' }

/** The work's answer, and whether it is final for this key (kept for retries). */
export interface WorkResult<A> {
  answer: A
  keep: boolean
}

class NotKept<A> extends Error {
  constructor(readonly answer: A) {
    super('answer not kept')
  }
}

export function fingerprintOf(call: string, fields: Record<string, unknown>): string {
  const canonical = JSON.stringify([
    call,
    Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

export interface Claim {
  userId: number
  key: string
  call: string
  fingerprint: string
}

/** A key already claimed: the earlier answer for the same fields, else other-fields. */
export async function earlierSubmission<A>(tx: Queryable, claim: Claim): Promise<Submission<A>> {
  return (await keptSubmission<A>(tx, claim)) ?? { outcome: 'other-fields' }
}

/** As `earlierSubmission`, but null when no submission holds the key. */
export async function keptSubmission<A>(
  db: Queryable,
  claim: Claim,
): Promise<Submission<A> | null> {
  const [earlier] = await db
    .select()
    .from(idempotentSubmissions)
    .where(
      and(eq(idempotentSubmissions.userId, claim.userId), eq(idempotentSubmissions.key, claim.key)),
    )
  if (!earlier) return null
  if (earlier.fingerprint !== claim.fingerprint || earlier.answer === null)
    return { outcome: 'other-fields' }
  return { outcome: 'replay', answer: earlier.answer as A }
}

/**
 * Runs `work` in a transaction that rolls back, freeing the key, when the work's answer is not
 * to be kept (an answer thrown as NotKept).
 */
async function inSubmission<A>(
  db: Database,
  work: (tx: Transaction) => Promise<Submission<A>>,
): Promise<Submission<A>> {
  try {
    return await db.transaction(work)
  } catch (error) {
    if (error instanceof NotKept) return { outcome: 'first', answer: error.answer as A }
    throw error
  }
}

export async function submitOnce<A>(
  db: Database,
  claim: Claim,
  work: (tx: Transaction) => Promise<WorkResult<A>>,
): Promise<Submission<A>> {
  return inSubmission(db, async (tx): Promise<Submission<A>> => {
    const [claimed] = await tx
      .insert(idempotentSubmissions)
      .values(claim)
      .onConflictDoNothing()
      .returning({ id: idempotentSubmissions.id })
    if (!claimed) return earlierSubmission(tx, claim)
    const { answer, keep } = await work(tx)
    // A refusal that may pass later (an authorisation not completed yet) frees the key.
    if (!keep) throw new NotKept(answer)
    await tx
      .update(idempotentSubmissions)
      .set({ answer: answer as object })
      .where(eq(idempotentSubmissions.id, claimed.id))
    return { outcome: 'first', answer }
  })
}
