import { type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'

/**
 * Insights (issue 20, docs/decisions/089): the customer's money in and out per UTC month for
 * the last 12 months, and one month's lines by transaction type. A line counts in the month of
 * its date on the statement (`created_at`, UTC) once it moved money: `successful` lines only,
 * as the dashboard's totals count what the ledger posted (a transfer in progress is a hold, a
 * failed one was released). Sums are read as text and kept as bigint (decision 064).
 */

/** The months answered: the current one and the 11 before it. */
export const insightsMonths = 12

export interface InAndOut {
  /** Minor units. */
  moneyIn: bigint
  moneyOut: bigint
  linesIn: number
  linesOut: number
}

export interface MonthFigures extends InAndOut {
  /** YYYY-MM (UTC). */
  month: string
}

export interface TypeFigures extends InAndOut {
  /** The line's transaction type as the statement shows it: Deposit, Bank Transfer, … */
  type: string
}

export interface Insights {
  /** The months, oldest first; one with nothing is zeros. */
  months: MonthFigures[]
  /** The chosen month. */
  month: string
  /** Its lines by type, the most money moved first; none for a month with nothing. */
  types: TypeFigures[]
}

interface GroupRow extends Record<string, unknown> {
  month: string
  type: string | null
  direction: 'credit' | 'debit' | null
  total: string
  lines: number
}

const nothing = (): InAndOut => ({ moneyIn: 0n, moneyOut: 0n, linesIn: 0, linesOut: 0 })

/**
 * One statement: the customer's successful lines of the 12 UTC months ending with the one `now`
 * is in (one range of transactions_user_keyset_idx, user and date), grouped by month, type and
 * direction, joined to the 12 months (generate_series), so a month with nothing is a row too.
 * One range rather than one per month: the planner guesses a thousand rows of generate_series,
 * and PostgreSQL then compiled a loop over them (JIT), which cost more than the reading.
 */
export function insightsQuery(userId: number, now: Date): SQL {
  const thisMonth = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')`
  const firstMonth = sql`(${thisMonth} - interval '${sql.raw(String(insightsMonths - 1))} months')`
  return sql`
    with lines as (
      select date_trunc('month', created_at at time zone 'UTC') as month, type,
        transaction_type as direction, sum(amount) as total, count(*) as lines
      from transactions
      where user_id = ${userId} and status = 'successful'
        and created_at >= ${firstMonth} at time zone 'UTC'
        and created_at < (${thisMonth} + interval '1 month') at time zone 'UTC'
      group by 1, 2, 3
    )
    select to_char(m.month, 'YYYY-MM') as month, l.type, l.direction,
      coalesce(l.total, 0)::text as total, coalesce(l.lines, 0)::int as lines
    from generate_series(${firstMonth}, ${thisMonth}, interval '1 month') as m(month)
    left join lines l on l.month = m.month
    order by m.month`
}

function add(figures: InAndOut, row: GroupRow) {
  if (row.direction === 'credit') {
    figures.moneyIn += BigInt(row.total)
    figures.linesIn += row.lines
  } else if (row.direction === 'debit') {
    figures.moneyOut += BigInt(row.total)
    figures.linesOut += row.lines
  }
}

const moved = (figures: InAndOut) => figures.moneyIn + figures.moneyOut

/**
 * The customer's insights as of `now`, with the split of `month` (YYYY-MM; the current month
 * when null). Null when `month` is not one of the 12: the caller refuses it.
 */
export async function readInsights(
  db: Queryable,
  userId: number,
  month: string | null,
  now: Date,
): Promise<Insights | null> {
  const result = await db.execute<GroupRow>(insightsQuery(userId, now))
  const rows = (result as unknown as { rows: GroupRow[] }).rows
  const months = new Map<string, MonthFigures>()
  for (const row of rows) {
    const figures = months.get(row.month) ?? { month: row.month, ...nothing() }
    add(figures, row)
    months.set(row.month, figures)
  }
  const chosen = month ?? [...months.keys()].at(-1)
  if (chosen === undefined || !months.has(chosen)) return null
  const types = new Map<string, TypeFigures>()
  for (const row of rows) {
    if (row.month !== chosen || row.type === null) continue
    const figures = types.get(row.type) ?? { type: row.type, ...nothing() }
    add(figures, row)
    types.set(row.type, figures)
  }
  return {
    months: [...months.values()],
    month: chosen,
    types: [...types.values()].sort(
      (a, b) =>
        (moved(b) > moved(a) ? 1 : moved(b) < moved(a) ? -1 : 0) || a.type.localeCompare(b.type),
    ),
  }
}
