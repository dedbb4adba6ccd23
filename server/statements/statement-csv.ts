import { toDecimalString } from '#api/money'
import type { Queryable } from '../db/database'
import { csvText } from '../exports/csv-cells'
import { readAll, type StatementFilter, type TransactionRow } from './statement-query'

/**
 * Statements & Report as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheet programs
 * read accents right). Text a customer or counterparty could choose is kept from being read as
 * a spreadsheet formula (exports/csv-cells.ts).
 * A transfer's `amount` is what left the balance; its `charge` is part of it.
 */
export const csvHeader = [
  'date',
  'name',
  'type',
  'amount',
  'charge',
  'status',
  'receipt_id',
  'bank',
  'account_holder',
  'account_number',
  'country',
] as const

export function csvLine(row: TransactionRow): string {
  const sign = row.transactionType === 'debit' ? -1 : 1
  return [
    row.createdAt.toISOString(),
    csvText(row.name),
    row.transactionType,
    toDecimalString(sign * row.amount),
    row.charge === null ? '' : toDecimalString(row.charge),
    row.status,
    csvText(row.ref2),
    csvText(row.bank),
    csvText(row.actHoldName),
    csvText(row.actNo),
    csvText(row.country),
  ].join(',')
}

/** The CSV file as chunks of about one batch each, read from the database as it is sent. */
export async function* statementCsv(
  db: Queryable,
  userId: number,
  filter: StatementFilter,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  yield encoder.encode(`\uFEFF${csvHeader.join(',')}\r\n`)
  for await (const rows of readAll(db, { userId, filter, batchSize: 1000 })) {
    yield encoder.encode(`${rows.map(csvLine).join('\r\n')}\r\n`)
  }
}
