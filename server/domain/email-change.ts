import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm'
import { maxCodeAttempts } from '../auth/one-time-codes'
import type { Queryable } from '../db/database'
import { oneTimeCodes } from '../db/schema'

/**
 * The new address of an e-mail change still waiting for its code, or null: it is kept with the
 * live `change_email` code (docs/decisions/026), so it survives signing out and in again.
 */
export async function pendingEmailChange(db: Queryable, userId: number, now: Date) {
  const [pending] = await db
    .select({ boundTo: oneTimeCodes.boundTo })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'change_email'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxCodeAttempts),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
  const email = (pending?.boundTo as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : null
}
