import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Database, Transaction } from '../db/database'
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

export async function submitOnce<A>(
  db: Database,
  claim: { userId: number; key: string; call: string; fingerprint: string },
  work: (tx: Transaction) => Promise<WorkResult<A>>,
): Promise<Submission<A>> {
  try {
    return await db.transaction(async (tx): Promise<Submission<A>> => {
      const [claimed] = await tx
        .insert(idempotentSubmissions)
        .values(claim)
        .onConflictDoNothing()
        .returning({ id: idempotentSubmissions.id })
      if (!claimed) {
        const [earlier] = await tx
          .select()
          .from(idempotentSubmissions)
          .where(
            and(
              eq(idempotentSubmissions.userId, claim.userId),
              eq(idempotentSubmissions.key, claim.key),
            ),
          )
        if (!earlier || earlier.fingerprint !== claim.fingerprint || earlier.answer === null)
          return { outcome: 'other-fields' }
        return { outcome: 'replay', answer: earlier.answer as A }
      }
      const { answer, keep } = await work(tx)
      // A refusal that may pass later (an authorisation not completed yet) frees the key.
      if (!keep) throw new NotKept(answer)
      await tx
        .update(idempotentSubmissions)
        .set({ answer: answer as object })
        .where(eq(idempotentSubmissions.id, claimed.id))
      return { outcome: 'first', answer }
    })
  } catch (error) {
    if (error instanceof NotKept) return { outcome: 'first', answer: error.answer as A }
    throw error
  }
}
