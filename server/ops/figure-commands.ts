import { isCalendarDay } from '#api/contract/fields'
import { earliestFigureDay, figurePeriods } from '#api/contract/staff'
import { formatDayMonthYear, parseDayMonthYear } from '#api/day-month-year'
import { currencySymbol } from '#api/money'
import { formatTotal } from '#api/money-totals'
import type { Database } from '../db/database'
import { type DailyFigures, dailyFigures, type Reconciliation } from '../domain/daily-figures'
import { reconcileNow } from '../domain/reconciliation'
import { doneOrThrow, type OpsCommand, table, taskContext } from './command'

/** The bank's daily figures at the terminal (docs/decisions/076): the console's Figures as text. */

/** The day argument as YYYY-MM-DD: typed so, or as dd/mm/yyyy as the portal shows dates. */
function dayArgument(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const day = isCalendarDay(value) ? value : parseDayMonthYear(value)
  if (!day || !isCalendarDay(day))
    throw new Error(`Give the day as dd/mm/yyyy or YYYY-MM-DD, not '${value}'.`)
  if (day < earliestFigureDay) throw new Error('Give a day from 01/01/2000.')
  return day
}

function periodArgument(value: string | undefined): number {
  if (value === undefined) return 30
  if (!(figurePeriods as readonly string[]).includes(value))
    throw new Error(`Give the period as ${figurePeriods.join(', ')} days.`)
  return Number(value)
}

/** A reconciliation's result: each part, then the difference in words. */
function reconciliationLines(
  books: Reconciliation | null,
  money: (minor: bigint) => string,
): string[] {
  if (!books)
    return [
      'Reconciliation: not made yet (the scheduled check runs every 15 minutes; `reconcile` runs it now)',
    ]
  return [
    `Reconciliation of ${books.checkedAt.toISOString()} (took ${books.tookMs} ms)`,
    `customer balances (${books.customers.accounts} accounts)\t${money(books.customers.balance)}\tof which held ${money(books.customers.held)}`,
    `fixed deposits (${books.fixedDeposits.accounts})\t${money(books.fixedDeposits.balance)}`,
    ...books.bankAccounts.map((account) => `${account.code}\t${money(account.total)}`),
    books.difference === 0n
      ? `difference\t${money(0n)}: the books balance`
      : `DIFFERENCE\t${money(books.difference)}: THE BOOKS DO NOT BALANCE by this amount`,
  ]
}

/** The figures as an operator reads them: the day, the queues, the reconciliation, the period. */
export function figuresText(figures: DailyFigures): string {
  const symbol = currencySymbol(figures.currency)
  const money = (minor: bigint) => formatTotal(minor, symbol)
  const chosen = figures.series[figures.series.length - 1]
  const { reconciliation: books } = figures
  const lines = [
    `Figures of ${formatDayMonthYear(figures.day)} (UTC), amounts in ${figures.currency}; queues as of ${figures.asOf.toISOString()}`,
    '',
  ]
  if (chosen) {
    const tally = (label: string, { count, sum }: { count: number; sum: bigint }) =>
      `${label.padEnd(26)}${String(count).padStart(6)}  ${money(sum)}`
    lines.push(
      tally('deposits confirmed', chosen.deposits),
      tally('payments confirmed', chosen.payments),
      tally('fixed deposits confirmed', chosen.fixedDeposits),
      tally('transfers settled', chosen.transfersSettled),
      tally('transfers failed', chosen.transfersFailed),
      `${'fees earned'.padEnd(34)}${money(chosen.fees)}`,
      '',
    )
  }
  lines.push(
    'Open queues (waiting, oldest came in)',
    table(
      figures.queues.map((row) => ({
        queue: row.queue,
        count: row.count,
        oldest: row.oldest_at ?? '-',
      })),
    ),
    '',
  )
  lines.push(...reconciliationLines(books, money))
  lines.push(
    '',
    `The ${figures.days} days to ${formatDayMonthYear(figures.day)} (UTC), each a count and a sum`,
    ['day', 'deposits', 'payments', 'fixed_deposits', 'settled', 'failed', 'fees'].join('\t'),
    table(
      figures.series.map((day) => ({
        day: formatDayMonthYear(day.day),
        deposits: `${day.deposits.count} ${money(day.deposits.sum)}`,
        payments: `${day.payments.count} ${money(day.payments.sum)}`,
        fixed_deposits: `${day.fixedDeposits.count} ${money(day.fixedDeposits.sum)}`,
        settled: `${day.transfersSettled.count} ${money(day.transfersSettled.sum)}`,
        failed: `${day.transfersFailed.count} ${money(day.transfersFailed.sum)}`,
        fees: money(day.fees),
      })),
    ),
  )
  return lines.join('\n')
}

export const figureCommands: Record<string, OpsCommand> = {
  figures: {
    usage: '[day] [7|30|90]',
    readOnly: true,
    summary:
      "the bank's figures of a UTC day (today by default) and the days before it: deposits, payments and fixed deposits confirmed, transfers settled and failed, fees, open queues, and the last reconciliation of every account (its difference 0.00 when the books balance)",
    async run(db: Database, [day, days], now, context) {
      const { actor } = taskContext(db, now, context)
      const asked = { day: dayArgument(day), days: periodArgument(days) }
      const { figures } = doneOrThrow(await dailyFigures(db, actor, asked, now))
      return figuresText(figures)
    },
  },
  reconcile: {
    usage: '',
    summary:
      'reconcile the ledger now: sum every account (customers, fixed deposits, the bank’s own) and keep the result, which the figures show; the scheduled check does this every 15 minutes',
    async run(db: Database, _args, now, context) {
      const { actor } = taskContext(db, now, context)
      const { reconciliation } = doneOrThrow(await reconcileNow(db, actor, now))
      const symbol = currencySymbol(reconciliation.currency)
      return reconciliationLines(reconciliation, (minor) => formatTotal(minor, symbol)).join('\n')
    },
  },
}
