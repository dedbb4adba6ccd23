import { transactionStatuses } from '#server/db/schema'
import type { StatementHeading, StatementPdfRow } from '#server/statements/statement-pdf-layout'
import type { TransactionRow } from '#server/statements/statement-query'

/**
 * A fixed statement for comparing exports with what they were: 120 rows over three pages, names
 * short and long (the table's ellipsis), a formula-like name (the CSV's guard), credits and
 * debits, amounts small and large, every status.
 */
export const sampleHeading: StatementHeading = {
  fullname: 'Ada Lovelace-Byron',
  accountNo: '2030405060',
  currencyCode: 'USD',
  currencySymbol: '$',
  period: { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') },
  opening: 123_456,
  closing: 7_890_123,
  rows: 120,
  type: '',
  generated: new Date('2026-03-01T08:30:00Z'),
  language: 'en',
}

export const sampleRows: TransactionRow[] = Array.from({ length: 120 }, (_, index) => ({
  id: index + 1,
  userId: 7,
  ref2: `REF-${String(index).padStart(6, '0')}`,
  name:
    index % 7 === 0
      ? `A very long description of movement ${index} that cannot fit in its column at all`
      : index % 11 === 0
        ? `=SUM(A${index}) "quoted", comma`
        : `Movement ${index}`,
  transactionType: index % 3 === 0 ? 'debit' : 'credit',
  type: index % 3 === 0 ? 'Bank Transfer' : 'Deposit',
  amount: index % 13 === 0 ? 123_456_789_01 : 100 + index * 37,
  charge: index % 3 === 0 ? 25 : null,
  status: transactionStatuses[index % transactionStatuses.length] ?? 'successful',
  bank: index % 3 === 0 ? 'First Bank, Ltd' : null,
  actHoldName: index % 3 === 0 ? 'Grace Hopper' : null,
  actNo: index % 3 === 0 ? '000111222' : null,
  country: index % 3 === 0 ? 'GB' : null,
  postingId: null,
  status2: null,
  swift: null,
  routing: null,
  note: null,
  currency: 'USD',
  createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 2), 9, index % 60)),
}))

export const samplePdfRows: StatementPdfRow[] = sampleRows.map((row) => ({
  createdAt: row.createdAt,
  name: row.name,
  transactionType: row.transactionType,
  status: row.status,
  ref2: row.ref2,
  amount: row.amount,
}))
