import { eq, sql } from 'drizzle-orm'
import type { Language } from '#api/languages'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'

export type UserRow = typeof users.$inferSelect

/** E-mails arrive lower-cased from the contract, and are stored that way. */
export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)))[0]

export const findUserById = async (db: Queryable, userId: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, userId)))[0]

/** Usernames are unique regardless of case. */
export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
  return rows.length > 0
}

/**
 * Takes the user's row lock for the rest of the transaction, so requests that change the same
 * user's codes or status run one after another. Returns the row as it is under the lock.
 */
export const lockUser = async (tx: Queryable, userId: number): Promise<UserRow | undefined> =>
  (await tx.select().from(users).where(eq(users.id, userId)).for('update'))[0]

/** The language a customer's e-mails are written in from now on (docs/decisions/091). */
export async function keepLanguage(db: Queryable, userId: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, userId))
}
