import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { and, asc, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { auditCountCap, pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { decodeCursor, encodeCursor, InvalidCursor, type Position } from '../db/keyset-cursor'
import { bankAccounts, operatorAuditLog, staff, users } from '../db/schema'
import { auditLogReaders } from './audit-chain'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, invalid, recordRead } from './staff-tasks'

/**
 * The audit log as the auditor and the admin read it (docs/decisions/075, 101): filtered,
 * newest first, a page at a time by keyset or whole as CSV. Each read is itself written to the
 * log, with the filter it used.
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

/** The filter as a condition. */
export function filterCondition(filter: AuditFilter, customer: Customer | null) {
  return and(
    personCondition(filter.person),
    filter.command ? eq(operatorAuditLog.command, filter.command) : undefined,
    customerCondition(filter.customer, customer),
    filter.from ? gte(operatorAuditLog.at, startOfDay(filter.from)) : undefined,
    filter.to ? lt(operatorAuditLog.at, startOfNextDay(filter.to)) : undefined,
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

/** The entries of `where`, each with its time as the database writes it (a page's edge). */
const selectEntries = (db: Queryable, where: SQL | undefined) =>
  db
    .select({ ...entryColumns, at: sql<string>`${operatorAuditLog.at}::text` })
    .from(operatorAuditLog)
    .leftJoin(staff, eq(staff.id, operatorAuditLog.staffId))
    .leftJoin(users, eq(users.id, operatorAuditLog.customerId))
    .where(where)

const edgeRow = (position: Position) => sql`(${position.at}::timestamptz, ${position.id})`
const olderThan = (position: Position) =>
  sql`(${operatorAuditLog.at}, ${operatorAuditLog.id}) < ${edgeRow(position)}`
const newerThan = (position: Position) =>
  sql`(${operatorAuditLog.at}, ${operatorAuditLog.id}) > ${edgeRow(position)}`
const newestFirst = [desc(operatorAuditLog.at), desc(operatorAuditLog.id)]
const oldestFirst = [asc(operatorAuditLog.at), asc(operatorAuditLog.id)]

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

/** Where the list stands: older than an edge (the next pages), or newer than one (back). */
export type Edge = { older: Position } | { newer: Position } | null

function edgeOf(query: { after?: string | undefined; before?: string | undefined }): Edge {
  if (query.after) return { older: decodeCursor(query.after) }
  if (query.before) return { newer: decodeCursor(query.before) }
  return null
}

const positionOf = (row: { at: string; entry: { id: number } }): Position => ({
  at: row.at,
  id: row.entry.id,
})

/** The count of the entries of `where`, up to one past the cap (a LIMIT, never the whole log). */
export function cappedCountQuery(db: Queryable, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1` })
    .from(operatorAuditLog)
    .where(where)
    .limit(auditCountCap + 1)
    .as('matching')
  return db.select({ n: count() }).from(matching)
}

async function cappedCount(db: Queryable, where: SQL | undefined) {
  const [counted] = await cappedCountQuery(db, where)
  const n = Number(counted?.n ?? 0)
  return { total: Math.min(n, auditCountCap), capped: n > auditCountCap }
}

/** Whether any entry of `where` lies beyond `position`, older or newer (one index probe). */
async function nextBeyond(
  db: Queryable,
  where: SQL | undefined,
  position: Position,
  towards: 'older' | 'newer',
): Promise<boolean> {
  const found = await db
    .select({ id: operatorAuditLog.id })
    .from(operatorAuditLog)
    .where(and(where, towards === 'older' ? olderThan(position) : newerThan(position)))
    .limit(1)
  return found.length > 0
}

/** The page's query: one more entry than a page, from the edge, in the order it is read. */
export function auditPageQuery(db: Queryable, where: SQL | undefined, edge: Edge) {
  const upwards = edge !== null && 'newer' in edge
  return selectEntries(
    db,
    and(
      where,
      edge === null ? undefined : 'older' in edge ? olderThan(edge.older) : newerThan(edge.newer),
    ),
  )
    .orderBy(...(upwards ? oldestFirst : newestFirst))
    .limit(pageSize + 1)
}

/**
 * A page of the entries of `where`, newest first, and its edges: where the next (older) page
 * and the one before (newer) start, null when nothing lies beyond. Going back, the page is
 * read upwards from its edge and turned round.
 */
async function pageAt(db: Queryable, where: SQL | undefined, edge: Edge) {
  const upwards = edge !== null && 'newer' in edge
  const found = await auditPageQuery(db, where, edge)
  const beyondPage = found.length > pageSize
  const rows = found.slice(0, pageSize)
  if (upwards) rows.reverse()
  const [firstRow, lastRow] = [rows[0], rows.at(-1)]
  const first = firstRow ? positionOf(firstRow) : null
  const last = lastRow ? positionOf(lastRow) : null
  if (edge === null) return { rows, older: beyondPage ? last : null, newer: null }
  if ('older' in edge) {
    const top = first ?? edge.older
    const newer = (await nextBeyond(db, where, top, 'newer')) ? top : null
    return { rows, older: beyondPage ? last : null, newer }
  }
  const bottom = last ?? edge.newer
  const older = (await nextBeyond(db, where, bottom, 'older')) ? bottom : null
  return { rows, older, newer: beyondPage ? first : null }
}

/**
 * A page of the log, newest first, by keyset on (at, id) (docs/decisions/101): after an edge
 * (older entries) or before one (newer). Every filter reads an index in this order: the time's
 * alone, or the person's, the customer's or the action's; the count stops at the cap.
 */
export async function listAuditEntries(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  query: AuditFilter & { page: number; after?: string | undefined; before?: string | undefined },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'auditlist'> }>> {
  const { db } = deps
  return asActor(db, actor, auditLogReaders, async () => {
    const { page, after, before, ...filter } = query
    let edge: Edge
    try {
      edge = edgeOf({ after, before })
    } catch (error) {
      if (error instanceof InvalidCursor)
        return invalid('The page must come from the list: open the log again.')
      throw error
    }
    const customer = filter.customer ? await customerNamed(db, filter.customer) : null
    const where = filterCondition(filter, customer)
    const shown = await pageAt(db, where, edge)
    const counted = await cappedCount(db, where)
    const people = await db
      .select({ staff_id: staff.id, name: staff.name, email: staff.email })
      .from(staff)
      .orderBy(asc(staff.name), asc(staff.id))
    const commands = await commandsInTheLog(db)
    return {
      ok: true,
      answer: {
        entries: shown.rows.map(entryAnswer),
        page: edge === null ? 1 : page,
        page_size: pageSize,
        total: counted.total,
        total_capped: counted.capped,
        older: shown.older && encodeCursor(shown.older),
        newer: shown.newer && encodeCursor(shown.newer),
        customer,
        unknown_customer: Boolean(filter.customer) && customer === null,
        people,
        commands,
      },
    }
  })
}

/** The filtered log, newest first, a batch at a time (keyset on the time and the id). */
export async function* auditEntryBatches(
  db: Queryable,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditRow[]> {
  const customer = filter.customer ? await customerNamed(db, filter.customer) : null
  let edge: Position | null = null
  for (;;) {
    const rows = await selectEntries(
      db,
      and(filterCondition(filter, customer), edge === null ? undefined : olderThan(edge)),
    )
      .orderBy(...newestFirst)
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows
    const last = rows.at(-1)
    edge = last ? positionOf(last) : null
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
