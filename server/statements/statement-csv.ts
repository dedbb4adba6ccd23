import type { Queryable } from '../db/database'
import { exportHeapMb, fileFromWorker } from '../workers/file-from-worker'
import { csvColumns } from './statement-csv-lines'
import { readAll, type StatementFilter } from './statement-query'

export { csvHeader, csvLine } from './statement-csv-lines'

/**
 * Statements & Report as CSV, written on a worker thread (statement-csv.worker.ts): this thread
 * reads the rows a batch at a time, with a turn of the event loop between batches, and sends on
 * the pieces of the file as they come back (docs/decisions/083).
 */
export function statementCsv(
  db: Queryable,
  userId: number,
  filter: StatementFilter,
): ReadableStream<Uint8Array> {
  return fileFromWorker({
    worker: 'server/statements/statement-csv.worker.ts',
    heapMb: exportHeapMb,
    open: async () => ({
      data: null,
      batches: readAll(db, { userId, filter, columns: csvColumns }),
    }),
  })
}
