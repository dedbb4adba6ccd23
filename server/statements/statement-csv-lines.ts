import { toDecimalString } from '#api/money'
import { csvText } from '../exports/csv-cells'
import type { TransactionRow } from './statement-query'

/**
 * The lines of Statements & Report as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheet
 * programs read accents right; statement-csv.worker.ts writes them). Text a customer or
 * counterparty could choose is kept from being read as a spreadsheet formula
 * (exports/csv-cells.ts).
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

/** The columns of a line the CSV shows: only these are read. */
export const csvColumns = [
  'createdAt',
  'name',
  'transactionType',
  'amount',
  'charge',
  'status',
  'ref2',
  'bank',
  'actHoldName',
  'actNo',
  'country',
] as const

export type CsvRow = Pick<TransactionRow, (typeof csvColumns)[number]>

export function csvLine(row: CsvRow): string {
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
