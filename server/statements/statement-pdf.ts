import type { Worker } from 'node:worker_threads'
import type { Queryable } from '../db/database'
import type { CustomerRecord } from '../views/customer'
import { startWorker } from '../workers/start-worker'
import { balanceAt } from './balances'
import { periodOf, type StatementHeading, type StatementPdfRow } from './statement-pdf-layout'
import type { FromPdfWorker, ToPdfWorker } from './statement-pdf-worker'
import { countRows, readAll, type StatementFilter, type TransactionRow } from './statement-query'

export { firstPageRows, laterPageRows, pageCount, periodOf } from './statement-pdf-layout'

/**
 * The PDF statement a customer can hand to a landlord: the bank, the customer and account, the
 * period, opening and closing balance (from the ledger), every transaction of the filter oldest
 * first, and "Page n of N" on each page (statement-pdf-layout.ts draws it).
 *
 * Drawing 100,000 rows is seconds of CPU, so it happens on a worker thread with a heap of its
 * own, capped (statement-pdf-worker.ts): this thread reads the database a batch at a time, hands
 * each batch over, reads the next while it is drawn, and sends on the bytes that come back. The next batch is read only when the
 * reader has taken what came before (the stream's pull), so memory stays bounded however slow
 * the customer's connection. See docs/decisions/069-exports-off-the-main-thread.md.
 */
export function statementPdf(
  db: Queryable,
  request: { userId: number; customer: CustomerRecord; filter: StatementFilter; now: Date },
): ReadableStream<Uint8Array> {
  const { userId, customer, now } = request
  const period = periodOf(request.filter, customer.user.createdAt, now)
  // Counted and listed with the same end, so "Page n of N" holds while new rows arrive. Nothing
  // is dated after now, so a period that ends later is read up to now: the end of 9999-12-31
  // is a moment the driver cannot write (year 10000).
  const end = period.end < now ? period.end : now
  const filter = { ...request.filter, before: end }
  let worker: Worker | undefined
  let batches: AsyncGenerator<TransactionRow[]> | undefined
  // The batch after the one being drawn, read meanwhile: reading and drawing overlap.
  let nextBatch: Promise<IteratorResult<TransactionRow[]>> | undefined
  let drawn: (() => void) | undefined
  /** Pieces of the file enqueued so far; every row handed over; the stream closed or failed. */
  let pieces = 0
  let allSent = false
  let finished = false
  /** Hands the worker the next batch and waits until it is drawn; or ends the file. */
  async function drawNextBatch() {
    if (!worker || !batches || !nextBatch) return
    const next = await nextBatch
    if (next.done) {
      allSent = true
      send(worker, { done: true })
      return
    }
    const wasDrawn = new Promise<void>((resolve) => {
      drawn = resolve
    })
    send(worker, { rows: next.value.map(pdfRowOf) })
    nextBatch = readAhead(batches)
    await wasDrawn
  }
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
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
        }
        worker = startPdfWorker(heading)
        worker.on('message', (message: FromPdfWorker) => {
          if ('chunk' in message) {
            pieces++
            controller.enqueue(message.chunk)
          } else if ('drawn' in message) drawn?.()
          else {
            finished = true
            controller.close()
          }
        })
        const fail = (error: Error) => {
          if (finished) return
          finished = true
          controller.error(error)
          drawn?.()
        }
        worker.on('error', fail)
        worker.on('exit', (code) => fail(new Error(`the PDF worker stopped (exit code ${code})`)))
        batches = readAll(db, { userId, filter, batchSize: 1000, direction: 'oldest first' })
        nextBatch = readAhead(batches)
      },
      // A pull must end with something enqueued (or the file finished): the stream asks again
      // only after a read or an enqueue, so a pull that only drew would leave the reader
      // waiting. Drawing a batch may fill no page yet, so this draws batches until one does.
      async pull() {
        const piecesBefore = pieces
        while (!allSent && !finished && pieces === piecesBefore) await drawNextBatch()
      },
      async cancel() {
        finished = true
        await batches?.return(undefined)
        await worker?.terminate()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  )
}

/**
 * The drawing thread, its old generation capped: a runaway file fails on its own (the stream
 * errors) instead of growing the server's memory.
 */
const startPdfWorker = (heading: StatementHeading) =>
  startWorker(new URL('./statement-pdf-worker.ts', import.meta.url), heading, {
    resourceLimits: { maxOldGenerationSizeMb: 96 },
  })

const send = (worker: Worker, message: ToPdfWorker) => worker.postMessage(message)

/**
 * The next batch, asked for now and awaited later: marked as handled at once, so a failed read
 * that comes while the worker draws is not an unhandled rejection (the pull that awaits it
 * still fails the stream with it).
 */
function readAhead(batches: AsyncGenerator<TransactionRow[]>) {
  const next = batches.next()
  next.catch(() => undefined)
  return next
}

const pdfRowOf = (row: TransactionRow): StatementPdfRow => ({
  createdAt: row.createdAt,
  name: row.name,
  transactionType: row.transactionType,
  status: row.status,
  ref2: row.ref2,
  amount: row.amount,
})
