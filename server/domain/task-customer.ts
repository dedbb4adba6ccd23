import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { users } from '../db/schema'
import { refused } from './staff-tasks'

/** The e-mail of the customer a staff task names, null when the id is no customer's. */
export async function customerEmail(db: Queryable, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, customerId))
  return row?.role === 'customer' ? row.email : null
}

export const noCustomer = (id: number) => refused(`No customer with the id ${id}.`)
