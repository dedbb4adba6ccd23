import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, desc, eq, getTableColumns, gte, like, lt, lte, type SQL, sql } from 'drizzle-orm'
import { parseAmount } from '#api/money'
import type { Queryable } from '../db/database'
import type { Position } from '../db/keyset-cursor'
import { transactions } from '../db/schema'

/**
 * The customer's transactions for Statements & Report, read by keyset: each page continues after
 * the last row of the previous one (created_at, id), so every page costs the same however deep
 * it is, on the index transactions_user_keyset_idx. See
 * docs/decisions/025-statements-paging-and-downloads.md.
 */
export interface StatementFilter {
  /** First day included, YYYY-MM-DD (UTC). */
  from?: string | undefined
  /** Last day included, YYYY-MM-DD (UTC). */
  to?: string | undefined
  type?: 'credit' | 'debit' | '' | undefined
  /** Words each found in the line's search text (docs/decisions/087), in any case. */
  search?: string | undefined
  /** The smallest amount included, as typed (at most 2 decimals). */
  minAmount?: string | undefined
  /** The largest amount included, as typed. */
  maxAmount?: string | undefined
  /** Only rows before this moment: a download fixes its end when it starts. */
  before?: Date | undefined
}

/** A statement line as the screen and the files show it: every column but the search's own. */
const { searchText: _searchText, ...lineColumns } = getTableColumns(transactions)

export type TransactionRow = Omit<typeof transactions.$inferSelect, 'searchText'>

export { decodeCursor, encodeCursor, InvalidCursor, type Position } from '../db/keyset-cursor'

/**
 * A day's bounds, computed by the database: the day after 9999-12-31 is a moment PostgreSQL
 * holds, but not one JavaScript's Date writes in a form it reads ("+010000-01-01...").
 */
const startOfDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`
const startOfNextDay = (day: string) => sql`(${startOfDay(day)} + interval '24 hours')`

/** The search's words: at most 8, each a LIKE pattern with its wildcards escaped. */
export function searchPatterns(search: string | undefined): string[] {
  return (search ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`)
}

const minorUnits = (bound: string | undefined) => (bound ? parseAmount(bound) : null)

export function filterCondition(userId: number, filter: StatementFilter): SQL | undefined {
  const least = minorUnits(filter.minAmount)
  const most = minorUnits(filter.maxAmount)
  return and(
    eq(transactions.userId, userId),
    filter.from ? gte(transactions.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(transactions.createdAt, startOfNextDay(filter.to)) : undefined,
    filter.type ? eq(transactions.transactionType, filter.type) : undefined,
    filter.before ? lt(transactions.createdAt, filter.before) : undefined,
    // The search text is lower case (a generated column with a trigram index, migration 0022);
    // the words are lowered by the database too, so both sides fold case alike.
    ...searchPatterns(filter.search).map((pattern) =>
      like(transactions.searchText, sql`lower(${pattern})`),
    ),
    least === null ? undefined : gte(transactions.amount, least),
    most === null ? undefined : lte(transactions.amount, most),
  )
}

export type Direction = 'newest first' | 'oldest first'

/**
 * An export's pause after a batch, per millisecond the server's thread was busy reading it:
 * half the time paused left other customers' p99 at 1.5 to 2.6 times idle during a CSV on
 * PostgreSQL, two thirds at 1.1 to 1.4 times, the CSV 0.5 s longer (bench/results/statements.md).
 */
const pausePerBusyMs = 2

/** Rows read by one query of an export (readAll). */
export const exportBatchRows = 250

/** The columns of a line a reader reads. */
export type LineColumn = keyof TransactionRow

interface PageQuery<Column extends LineColumn = LineColumn> {
  userId: number
  filter: StatementFilter
  after: Position | null
  limit: number
  direction?: Direction
  /** Only these columns of each line (an export's), or every one. */
  columns?: readonly Column[]
}

/** The columns `query.columns` names, for a select. */
function selectedColumns(columns: readonly LineColumn[] | undefined) {
  if (!columns) return lineColumns
  return Object.fromEntries(columns.map((column) => [column, lineColumns[column]]))
}

/**
 * The query of one page: at most `limit` rows after `after` (exclusive), plus one to tell
 * whether more follow. The row comparison (created_at, id) < (...) is what the index serves.
 */
export function pageQuery(db: Queryable, query: PageQuery) {
  const newestFirst = (query.direction ?? 'newest first') === 'newest first'
  const position = query.after
    ? sql`(${query.after.at}::timestamptz, ${query.after.id})`
    : undefined
  const after = position
    ? newestFirst
      ? sql`(${transactions.createdAt}, ${transactions.id}) < ${position}`
      : sql`(${transactions.createdAt}, ${transactions.id}) > ${position}`
    : undefined
  const order = newestFirst
    ? [desc(transactions.createdAt), desc(transactions.id)]
    : [asc(transactions.createdAt), asc(transactions.id)]
  return db
    .select({
      row: selectedColumns(query.columns),
      id: transactions.id,
      at: sql<string>`${transactions.createdAt}::text`,
    })
    .from(transactions)
    .where(and(filterCondition(query.userId, query.filter), after))
    .orderBy(...order)
    .limit(query.limit + 1)
}

/** A page of lines (those columns of each), and the position of its last when more follow. */
interface LinePage<Column extends LineColumn> {
  rows: Pick<TransactionRow, Column>[]
  next: Position | null
}

/**
 * One page, and the position of its last row when more follow. A page of `columns` has those
 * columns of each line only (what the select's object names is what each row holds).
 */
export async function readPage<Column extends LineColumn = LineColumn>(
  db: Queryable,
  query: PageQuery<Column>,
): Promise<LinePage<Column>> {
  const found = await pageQuery(db, query)
  const last = found.length > query.limit ? found[query.limit - 1] : undefined
  return {
    rows: found.slice(0, query.limit).map((item) => item.row as Pick<TransactionRow, Column>),
    next: last ? { at: last.at, id: last.id } : null,
  }
}

/**
 * Every row of the filter, a batch at a time: one short query per batch, never all in memory,
 * and a pause after each, so other customers' requests (and, on the embedded database, their
 * queries) go between an export's batches. A batch is small (250 rows): on the embedded database
 * its query holds the server's thread, and another customer's call may wait behind one
 * (docs/decisions/083). The pause is twice as long as this thread was busy while the batch was
 * read, so an export holds the thread at most a third of the time: on the embedded database a
 * call of several queries is served in the pauses instead of waiting behind a batch for each,
 * and on PostgreSQL, where the thread takes the rows in, another call seldom finds it busy.
 */
export async function* readAll<Column extends LineColumn = LineColumn>(
  db: Queryable,
  query: {
    userId: number
    filter: StatementFilter
    batchSize?: number
    direction?: Direction
    columns?: readonly Column[]
  },
): AsyncGenerator<Pick<TransactionRow, Column>[]> {
  let after: Position | null = null
  do {
    const before = performance.eventLoopUtilization()
    // Typed here: `after`, which the query reads, is assigned from it.
    const page: LinePage<Column> = await readPage(db, {
      ...query,
      after,
      limit: query.batchSize ?? exportBatchRows,
    })
    const busyMs = performance.eventLoopUtilization(before).active
    if (page.rows.length > 0) yield page.rows
    after = page.next
    if (after) await sleep(pausePerBusyMs * busyMs)
  } while (after)
}

export async function countRows(
  db: Queryable,
  userId: number,
  filter: StatementFilter,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(filterCondition(userId, filter))
  return row?.count ?? 0
}
