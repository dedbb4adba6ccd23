import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuditSubjectKind } from '#api/contract/staff/audit-subjects'
import type { Queryable } from '../db/database'
import {
  approvals,
  fundingRequests,
  kycRequests,
  kycSubmissions,
  mailOutbox,
  staff,
  storedFiles,
  transfers,
  users,
} from '../db/schema'

/**
 * What an audit entry touched and which customer it concerns (docs/decisions/075), found from
 * its command and arguments when it is written, so the console can filter the log by customer
 * and link each entry. Both doors' arguments are read: the console's fields (`{ id }`,
 * `{ customer_id }`, `{ staff_id }`, a read's `{ id, customer }`) and the terminal's words
 * (`requests confirm 12`, `kyc approve dana@example.com`). A command not named here, or an
 * argument naming nothing that exists, leaves the entry without a subject.
 */
export interface AuditSubject {
  customerId: number | null
  subjectKind: AuditSubjectKind | null
  subjectId: number | null
}

const nothing: AuditSubject = { customerId: null, subjectKind: null, subjectId: null }

/** The kind of item a command's `id` (or first word) names, by the command's first words. */
const kindsByCommand: [prefix: string, kind: AuditSubjectKind][] = [
  ['kyc request ', 'kyc_request'],
  ['kyc ', 'kyc_submission'],
  ['requests ', 'funding_request'],
  ['transfers ', 'transfer'],
  ['approvals ', 'approval'],
  ['files ', 'file'],
  ['mail ', 'mail'],
  ['staff ', 'staff'],
  ['customers ', 'customer'],
  ['notice ', 'customer'],
  ['notify', 'customer'],
]

const kindOf = (command: string) =>
  kindsByCommand.find(([prefix]) => command.startsWith(prefix))?.[1] ?? null

/** The items whose row names their customer, by kind. */
const ownedItems: Partial<Record<AuditSubjectKind, { table: PgTable; id: PgColumn; user: SQL }>> = {
  funding_request: {
    table: fundingRequests,
    id: fundingRequests.id,
    user: sql`${fundingRequests.userId}`,
  },
  transfer: { table: transfers, id: transfers.id, user: sql`${transfers.userId}` },
  kyc_submission: {
    table: kycSubmissions,
    id: kycSubmissions.id,
    user: sql`${kycSubmissions.userId}`,
  },
  kyc_request: { table: kycRequests, id: kycRequests.id, user: sql`${kycRequests.userId}` },
  file: { table: storedFiles, id: storedFiles.id, user: sql`${storedFiles.userId}` },
  approval: {
    table: approvals,
    id: approvals.id,
    user: sql`(${approvals.data} ->> 'customer_id')::integer`,
  },
  customer: { table: users, id: users.id, user: sql`${users.id}` },
  mail: {
    table: mailOutbox,
    id: mailOutbox.id,
    user: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${mailOutbox.recipient})`,
  },
}

const idIn = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : value
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : null
}

const emailIn = (value: unknown): string | null =>
  typeof value === 'string' && value.includes('@') ? value.trim().toLowerCase() : null

/** The item `kind` `id` names, with its customer, if it exists. */
async function itemSubject(
  db: Queryable,
  kind: AuditSubjectKind,
  id: number,
): Promise<AuditSubject> {
  if (kind === 'staff') {
    const [person] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, id))
    return person ? { customerId: null, subjectKind: 'staff', subjectId: id } : nothing
  }
  const item = ownedItems[kind]
  if (!item) return nothing
  const [row] = await db
    .select({ user: sql<number | null>`${item.user}` })
    .from(item.table)
    .where(eq(item.id, id))
  return row ? { customerId: row.user ?? null, subjectKind: kind, subjectId: id } : nothing
}

/** A customer or a member of staff named by their e-mail (the terminal's commands). */
async function personByEmail(
  db: Queryable,
  kind: AuditSubjectKind,
  email: string,
): Promise<AuditSubject> {
  if (kind === 'staff') {
    const [person] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email))
    return person ? itemSubject(db, 'staff', person.id) : nothing
  }
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return customer ? itemSubject(db, 'customer', customer.id) : nothing
}

export async function auditSubjectOf(
  db: Queryable,
  command: string,
  args: unknown,
): Promise<AuditSubject> {
  // A read of the log itself is about no one item: its customer filter names whom it searched for.
  if (command.startsWith('audit ')) return nothing
  const kind = kindOf(command)
  if (Array.isArray(args)) {
    if (!kind) return nothing
    const id = idIn(args[0])
    if (id !== null) return itemSubject(db, kind, id)
    const email = emailIn(args[0])
    return email ? personByEmail(db, kind, email) : nothing
  }
  if (typeof args !== 'object' || args === null) return nothing
  const fields = args as Record<string, unknown>
  const id = idIn(fields.id)
  const customer = idIn(fields.customer_id ?? fields.customer)
  const person = idIn(fields.staff_id)
  const email = emailIn(fields.email)
  if (kind && kind !== 'customer' && kind !== 'staff' && id !== null)
    return itemSubject(db, kind, id)
  if (customer !== null) return itemSubject(db, 'customer', customer)
  if (person !== null) return itemSubject(db, 'staff', person)
  if (kind === 'staff' && email) return personByEmail(db, 'staff', email)
  return nothing
}
