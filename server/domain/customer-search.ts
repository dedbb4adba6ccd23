import { asc, eq, inArray, like, sql } from 'drizzle-orm'
import type { StaffCallResponse } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { bankAccounts, users } from '../db/schema'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, taskRoles } from './staff-tasks'

/**
 * The console's customer search (docs/decisions/072): the e-mail, the account number, the full
 * name or the last name starting with the text, without case. Each of the four is its own range
 * scan on a text_pattern_ops index (migration 0014), so the search stays fast at 100,000
 * customers; the ids they find are then read once.
 */

export const searchLimit = 50

/** A LIKE pattern for "starts with `text`", its wildcards taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function searchCustomers(
  db: Queryable,
  actor: StaffActor,
  text: string,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'customersearch'> }>> {
  return asActor(db, actor, taskRoles.customersFind, async () => {
    const needle = text.trim().toLowerCase()
    const pattern = startsWith(needle)
    const idsOf = async (query: Promise<{ id: number }[]>) => (await query).map((row) => row.id)
    const found = [
      ...(await idsOf(
        db
          .select({ id: users.id })
          .from(users)
          .where(like(users.email, pattern))
          .limit(searchLimit),
      )),
      ...(await idsOf(
        db
          .select({ id: bankAccounts.userId })
          .from(bankAccounts)
          .where(like(bankAccounts.accountNo, pattern))
          .limit(searchLimit),
      )),
      ...(await idsOf(
        db
          .select({ id: users.id })
          .from(users)
          .where(like(sql`lower(${users.fullname})`, pattern))
          .limit(searchLimit),
      )),
      ...(await idsOf(
        db
          .select({ id: users.id })
          .from(users)
          .where(like(sql`lower(${users.lastName})`, pattern))
          .limit(searchLimit),
      )),
    ]
    const ids = [...new Set(found)]
    if (ids.length === 0) return { ok: true, answer: { customers: [] } }
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.fullname,
        accountNo: bankAccounts.accountNo,
        status: users.verificationStatus,
        plan: users.currentPlan,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
      .where(inArray(users.id, ids))
      .orderBy(asc(users.fullname), asc(users.id))
    const exact = (row: (typeof rows)[number]) =>
      row.email === needle || row.accountNo?.toLowerCase() === needle ? 0 : 1
    const customers = rows
      .sort((a, b) => exact(a) - exact(b))
      .slice(0, searchLimit)
      .map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        account_no: row.accountNo,
        verification_status: row.status,
        plan: row.plan,
        created_at: row.createdAt.toISOString(),
      }))
    return { ok: true, answer: { customers } }
  })
}
