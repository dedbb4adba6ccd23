import { serveFile } from '../workers/file-worker'
import { type CsvRow, csvHeader, csvLine } from './statement-csv-lines'

/**
 * A statement's CSV, written on a thread of its own (statement-csv.ts starts it): the header,
 * then one piece per batch of rows (workers/file-worker.ts).
 */
serveFile<null, CsvRow>((_, output) => {
  const encoder = new TextEncoder()
  output.write(encoder.encode(`\uFEFF${csvHeader.join(',')}\r\n`))
  return {
    add: (rows) => output.write(encoder.encode(`${rows.map(csvLine).join('\r\n')}\r\n`)),
    finish: () => output.end(),
  }
})
