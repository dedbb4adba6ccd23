import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { and, asc, count, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import { pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { bankAccounts, operatorAuditLog, staff, users } from '../db/schema'
import { auditLogReaders } from './audit-chain'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, offsetOf, recordRead } from './staff-tasks'

/**
 * The audit log as the auditor and the admin read it (docs/decisions/075): filtered, newest
 * first, a page at a time or whole as CSV. Each read is itself written to the log, with the
 * filter it used.
 */

export interface AuditFilter {
  /** A member of staff's id, or 'terminal'; empty or absent: everyone. */
  person?: string | undefined
  command?: string | undefined
  /** The customer's e-mail or account number. */
  customer?: string | undefined
  /** First and last day (UTC) included, YYYY-MM-DD. */
  from?: string | undefined
  to?: string | undefined
}

type Customer = { id: number; name: string; email: string }

/** The customer an e-mail or an account number names, if anyone. */
async function customerNamed(db: Queryable, text: string): Promise<Customer | null> {
  const needle = text.trim().toLowerCase()
  const [found] = await db
    .select({ id: users.id, name: users.fullname, email: users.email })
    .from(users)
    .leftJoin(bankAccounts, eq(bankAccounts.userId, users.id))
    .where(needle.includes('@') ? eq(users.email, needle) : eq(bankAccounts.accountNo, text.trim()))
    .limit(1)
  return found ?? null
}

const startOfDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`
const startOfNextDay = (day: string) => sql`(${startOfDay(day)} + interval '24 hours')`

function personCondition(person: string | undefined) {
  if (!person) return undefined
  return person === 'terminal'
    ? isNull(operatorAuditLog.staffId)
    : eq(operatorAuditLog.staffId, Number(person))
}

/** The customer the filter named, found already; one nobody is matches no entry. */
function customerCondition(named: string | undefined, customer: Customer | null) {
  if (!named) return undefined
  return customer ? eq(operatorAuditLog.customerId, customer.id) : sql`false`
}

/** The filter as a condition, up to the entry `until` when given. */
function filterCondition(filter: AuditFilter, customer: Customer | null, until?: number) {
  return and(
    personCondition(filter.person),
    filter.command ? eq(operatorAuditLog.command, filter.command) : undefined,
    customerCondition(filter.customer, customer),
    filter.from ? gte(operatorAuditLog.at, startOfDay(filter.from)) : undefined,
    filter.to ? lt(operatorAuditLog.at, startOfNextDay(filter.to)) : undefined,
    until === undefined ? undefined : lte(operatorAuditLog.id, until),
  )
}

/** The filter as the read's entry keeps it: only what was given. */
const filterGiven = (filter: AuditFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value))

const entryColumns = {
  entry: operatorAuditLog,
  staffName: staff.name,
  customerName: users.fullname,
  customerEmail: users.email,
}

export type AuditRow = {
  entry: typeof operatorAuditLog.$inferSelect
  staffName: string | null
  customerName: string | null
  customerEmail: string | null
}

const selectEntries = (db: Queryable, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(operatorAuditLog)
    .leftJoin(staff, eq(staff.id, operatorAuditLog.staffId))
    .leftJoin(users, eq(users.id, operatorAuditLog.customerId))
    .where(where)

const entryAnswer = ({ entry, staffName, customerName, customerEmail }: AuditRow) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  person: { staff_id: entry.staffId, name: staffName, operator: entry.operator },
  command: entry.command,
  outcome: entry.outcome,
  args: JSON.stringify(entry.args),
  detail: entry.detail,
  customer:
    entry.customerId !== null && customerEmail !== null
      ? { id: entry.customerId, name: customerName ?? '', email: customerEmail }
      : null,
  subject:
    entry.subjectKind !== null && entry.subjectId !== null
      ? { kind: entry.subjectKind, id: entry.subjectId }
      : null,
})

/**
 * Every action the log holds, read as a loose index scan of `operator_audit_log_command_idx`
 * (one index probe per action, however long the log).
 */
async function commandsInTheLog(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE actions(command) AS (
      SELECT min(command) FROM operator_audit_log
      UNION ALL
      SELECT (SELECT min(command) FROM operator_audit_log WHERE command > actions.command)
      FROM actions WHERE actions.command IS NOT NULL
    )
    SELECT command FROM actions WHERE command IS NOT NULL`)
  return (result as unknown as { rows: { command: string }[] }).rows.map((row) => row.command)
}

export async function listAuditEntries(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  query: AuditFilter & { page: number; until?: number | undefined },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'auditlist'> }>> {
  const { db } = deps
  return asActor(db, actor, auditLogReaders, async () => {
    const { page, until: asked, ...filter } = query
    const customer = filter.customer ? await customerNamed(db, filter.customer) : null
    const [newest] = await db
      .select({ id: operatorAuditLog.id })
      .from(operatorAuditLog)
      .orderBy(desc(operatorAuditLog.id))
      .limit(1)
    const until = asked ?? newest?.id ?? null
    const where = filterCondition(filter, customer, until ?? undefined)
    const rows = await selectEntries(db, where)
      .orderBy(desc(operatorAuditLog.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize))
    const [total] = await db.select({ n: count() }).from(operatorAuditLog).where(where)
    const people = await db
      .select({ staff_id: staff.id, name: staff.name, email: staff.email })
      .from(staff)
      .orderBy(asc(staff.name), asc(staff.id))
    const commands = await commandsInTheLog(db)
    return {
      ok: true,
      answer: {
        entries: rows.map(entryAnswer),
        page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
        until,
        customer,
        unknown_customer: Boolean(filter.customer) && customer === null,
        people,
        commands,
      },
    }
  })
}

/** The filtered log, newest first, a batch at a time (keyset on the id). */
export async function* auditEntryBatches(
  db: Queryable,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditRow[]> {
  const customer = filter.customer ? await customerNamed(db, filter.customer) : null
  let before: number | null = null
  for (;;) {
    const rows: AuditRow[] = await selectEntries(
      db,
      and(
        filterCondition(filter, customer),
        before === null ? undefined : lt(operatorAuditLog.id, before),
      ),
    )
      .orderBy(desc(operatorAuditLog.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows
    before = rows[rows.length - 1]?.entry.id ?? null
    if (rows.length < batchSize) return
    await yieldToOthers()
  }
}

/**
 * The CSV download of the filtered log as a task: allowed to the log's readers, written to the
 * log as a read ('audit export') before the first row is sent.
 */
export async function exportAuditEntries(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  filter: AuditFilter,
): Promise<TaskOutcome<{ batches: AsyncGenerator<AuditRow[]> }>> {
  return asActor(deps.db, actor, auditLogReaders, async () => {
    await recordRead(deps.db, actor, 'audit export', { filter: filterGiven(filter) }, deps.now())
    return { ok: true, batches: auditEntryBatches(deps.db, filter) }
  })
}
