import type { Figures } from './figure-words'

/**
 * The period's figures as CSV (RFC 4180, UTF-8 with a byte order mark, as the statements'
 * CSV), one UTC day a line, oldest first: counts, and sums as the server sent them (decimal
 * strings, exact however large). Every value is a date, a count or an amount: nothing a
 * customer typed, so nothing a spreadsheet could take for a formula.
 */
export const figuresCsvHeader = [
  'day',
  'deposits_confirmed',
  'deposits_sum',
  'payments_confirmed',
  'payments_sum',
  'fixed_deposits_confirmed',
  'fixed_deposits_sum',
  'transfers_settled',
  'transfers_settled_sum',
  'transfers_failed',
  'transfers_failed_sum',
  'fees',
  'currency',
] as const

export function figuresCsv(figures: Figures): string {
  const lines = figures.series.map((day) =>
    [
      day.day,
      day.deposits.count,
      day.deposits.sum,
      day.payments.count,
      day.payments.sum,
      day.fixed_deposits.count,
      day.fixed_deposits.sum,
      day.transfers_settled.count,
      day.transfers_settled.sum,
      day.transfers_failed.count,
      day.transfers_failed.sum,
      day.fees,
      figures.currency,
    ].join(','),
  )
  return `\uFEFF${[figuresCsvHeader.join(','), ...lines].join('\r\n')}\r\n`
}

/** The file's name: the period it covers. */
export const figuresCsvName = (figures: Figures) =>
  `figures-${figures.series[0]?.day ?? figures.day}-to-${figures.day}.csv`
