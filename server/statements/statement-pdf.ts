import type { Language } from '#api/languages'
import type { Queryable } from '../db/database'
import type { CustomerRecord } from '../views/customer'
import { exportHeapMb, fileFromWorker } from '../workers/file-from-worker'
import { balanceAt } from './balances'
import { periodOf, type StatementHeading, type StatementPdfRow } from './statement-pdf-layout'
import { countRows, readAll, type StatementFilter } from './statement-query'

export { firstPageRows, laterPageRows, pageCount, periodOf } from './statement-pdf-layout'

/**
 * The PDF statement a customer can hand to a landlord: the bank, the customer and account, the
 * period, opening and closing balance (from the ledger), every transaction of the filter oldest
 * first, and "Page n of N" on each page (statement-pdf-layout.ts draws it).
 *
 * Drawing 100,000 rows is seconds of CPU, so it happens on a worker thread with a heap of its
 * own, capped (statement-pdf.worker.ts, started by workers/file-from-worker.ts): this thread
 * counts the rows, reads the balances, then reads the rows a batch at a time and sends on the
 * bytes that come back. See docs/decisions/069 and 083.
 */
export function statementPdf(
  db: Queryable,
  request: {
    userId: number
    customer: CustomerRecord
    filter: StatementFilter
    now: Date
    language: Language
  },
): ReadableStream<Uint8Array> {
  const { userId, customer, now } = request
  const period = periodOf(request.filter, customer.user.createdAt, now)
  // Counted and listed with the same end, so "Page n of N" holds while new rows arrive. Nothing
  // is dated after now, so a period that ends later is read up to now: the end of 9999-12-31
  // is a moment the driver cannot write (year 10000).
  const end = period.end < now ? period.end : now
  const filter = { ...request.filter, before: end }
  return fileFromWorker({
    worker: 'server/statements/statement-pdf.worker.ts',
    heapMb: exportHeapMb,
    async open() {
      const [rows, opening, closing] = await Promise.all([
        countRows(db, userId, filter),
        balanceAt(db, userId, period.start),
        balanceAt(db, userId, end),
      ])
      const heading: StatementHeading = {
        fullname: customer.user.fullname,
        accountNo: customer.account?.accountNo ?? null,
        currencyCode: customer.currencyCode,
        currencySymbol: customer.currency,
        period,
        opening,
        closing,
        rows,
        type: filter.type,
        generated: now,
        language: request.language,
      }
      return { data: heading, batches: pdfBatches(db, userId, filter) }
    },
  })
}

/** Only what the table shows is read, and crosses to the worker. */
const pdfColumns = ['createdAt', 'name', 'transactionType', 'status', 'ref2', 'amount'] as const

function pdfBatches(
  db: Queryable,
  userId: number,
  filter: StatementFilter,
): AsyncGenerator<StatementPdfRow[]> {
  return readAll(db, { userId, filter, direction: 'oldest first', columns: pdfColumns })
}
