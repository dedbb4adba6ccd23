import { inArray } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { staff, users } from '../db/schema'
import { demoCredentials } from './demo-data'

/** The demo logins' e-mails: their passcodes, PIN and password are published in the README. */
export const demoEmails: readonly string[] = demoCredentials.map((demo) => demo.email)

/**
 * Whether the database holds any demo account (a demo customer, the demo admin, or a member of
 * staff under a demo e-mail): the start banner and the console's Home warn while it does
 * (docs/decisions/106).
 */
export async function holdsDemoAccounts(db: Queryable): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...demoEmails]))
    .limit(1)
  if (user) return true
  const [person] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(inArray(staff.email, [...demoEmails]))
    .limit(1)
  return person !== undefined
}

/** The start banner's warning while demo accounts are in the database. */
export const demoAccountsWarning = [
  '!!! WARNING: this database holds the DEMO ACCOUNTS, whose passcodes, PIN and password are published.',
  '!!! Do not serve real customers from it: remove them with `npm run ops -- demo remove`.',
]
