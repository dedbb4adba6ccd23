import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { unknownEmailLockouts, users } from '../db/schema'
import { accountLockout } from './account-lockout'
import type { LockoutPolicy, LockoutRow } from './attempt-lockout'

/**
 * The passcode lockout, the same for an account and for an e-mail without one (its own row in
 * `unknown_email_lockouts`), so every answer is the same whether or not the e-mail is
 * registered. The scheme is attempt-lockout.ts's; see docs/decisions/020.
 */
export const passcodeChecks: LockoutPolicy = {
  ...accountLockout,
  windowMs: 15 * 60_000,
  inFlightExpiryMs: 60_000,
}

export const accountSubject = (userId: number): LockoutRow => ({
  table: users,
  where: eq(users.id, userId),
  columns: {
    failures: users.failedLoginCount,
    lastFailureAt: users.lastFailedLoginAt,
    lockedUntil: users.lockedUntil,
    checksInFlight: users.loginChecksInFlight,
    checksStartedAt: users.loginChecksStartedAt,
  },
})

/** The subject for an e-mail without an account; creates its row on first use. */
export async function unknownEmailSubject(db: Queryable, email: string): Promise<LockoutRow> {
  await db.insert(unknownEmailLockouts).values({ email }).onConflictDoNothing()
  const t = unknownEmailLockouts
  return {
    table: t,
    where: eq(t.email, email),
    columns: {
      failures: t.failedLoginCount,
      lastFailureAt: t.lastFailedLoginAt,
      lockedUntil: t.lockedUntil,
      checksInFlight: t.loginChecksInFlight,
      checksStartedAt: t.loginChecksStartedAt,
    },
  }
}

/** Rows of e-mails without an account that have been quiet for a day go. */
export async function pruneUnknownEmailLockouts(db: Queryable, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString()
  await db
    .delete(unknownEmailLockouts)
    .where(
      sql`coalesce(${unknownEmailLockouts.lastFailedLoginAt}, ${unknownEmailLockouts.loginChecksStartedAt}) < ${dayAgo}::timestamptz`,
    )
}
