import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
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
  /** Only rows before this moment: a download fixes its end when it starts. */
  before?: Date | undefined
}

export type TransactionRow = typeof transactions.$inferSelect

/** Where a page ended: the last row's created_at exactly as the database wrote it, and its id. */
export interface Position {
  at: string
  id: number
}

export class InvalidCursor extends Error {}

export const encodeCursor = (position: Position) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url')

export function decodeCursor(cursor: string): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
    if (
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(at) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0
    )
      return { at, id: id as number }
  } catch {}
  throw new InvalidCursor('cursor must be a cursor from the previous page')
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`)
const startOfNextDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000)

export function filterCondition(userId: number, filter: StatementFilter): SQL | undefined {
  return and(
    eq(transactions.userId, userId),
    filter.from ? gte(transactions.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(transactions.createdAt, startOfNextDay(filter.to)) : undefined,
    filter.type ? eq(transactions.transactionType, filter.type) : undefined,
    filter.before ? lt(transactions.createdAt, filter.before) : undefined,
  )
}

export type Direction = 'newest first' | 'oldest first'

interface PageQuery {
  userId: number
  filter: StatementFilter
  after: Position | null
  limit: number
  direction?: Direction
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
    .select({ row: transactions, at: sql<string>`${transactions.createdAt}::text` })
    .from(transactions)
    .where(and(filterCondition(query.userId, query.filter), after))
    .orderBy(...order)
    .limit(query.limit + 1)
}

/** One page, and the position of its last row when more follow. */
export async function readPage(
  db: Queryable,
  query: PageQuery,
): Promise<{ rows: TransactionRow[]; next: Position | null }> {
  const found = await pageQuery(db, query)
  const last = found.length > query.limit ? found[query.limit - 1] : undefined
  return {
    rows: found.slice(0, query.limit).map((item) => item.row),
    next: last ? { at: last.at, id: last.row.id } : null,
  }
}

/** Every row of the filter, a batch at a time: one short query per batch, never all in memory. */
export async function* readAll(
  db: Queryable,
  query: { userId: number; filter: StatementFilter; batchSize?: number; direction?: Direction },
): AsyncGenerator<TransactionRow[]> {
  let after: Position | null = null
  do {
    const page = await readPage(db, { ...query, after, limit: query.batchSize ?? 1000 })
    if (page.rows.length > 0) yield page.rows
    after = page.next
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
