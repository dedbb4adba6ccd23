/**
 * The statement PDF's drawing alone (issue 24, goal 2): what statement-pdf.worker.ts does with
 * STATEMENT_ROWS rows (default 100,000) in batches of 250, in this process, without a database,
 * so the time is pdfkit's and the layout's only. Rows like bench/exports.ts's. Prints the
 * wall and CPU time and the file's size; with BENCH_PROFILE=<dir>, writes a CPU profile there
 * (`<dir>/server-pdf-drawing.cpuprofile`). `npx tsx bench/statement-pdf-drawing.ts`
 */
import { performance } from 'node:perf_hooks'
import PDFDocument from 'pdfkit'
import { type StatementPdfRow, statementDrawing } from '#server/statements/statement-pdf-layout'
import { exportBatchRows } from '#server/statements/statement-query'
import { profileServer } from './server-profile'

const rows = Number(process.env.STATEMENT_ROWS ?? 100_000)
const now = Date.now()

/** Row `g` as bench/exports.ts writes it, one a minute back from now. */
const benchRow = (g: number): StatementPdfRow => ({
  createdAt: new Date(now - (rows - g) * 60_000),
  name: `Bench movement ${g}`,
  transactionType: g % 3 === 0 ? 'debit' : 'credit',
  status: 'successful',
  ref2: `bench-export-${Math.floor(g / 10_000) * 10_000}-${g % 10_000}`,
  amount: 100 + (g % 5000),
})

const profile = await profileServer(process.env.BENCH_PROFILE, 'pdf-drawing')
const cpuBefore = process.cpuUsage()
const started = performance.now()
const doc = new PDFDocument({ size: 'A4', margin: 30, bufferPages: false, compress: true })
let bytes = 0
let pieces = 0
doc.on('data', (piece: Buffer) => {
  pieces++
  bytes += piece.byteLength
})
const ended = new Promise<void>((resolve) => doc.on('end', resolve))
const add = statementDrawing(doc, {
  fullname: 'Demo Customer',
  accountNo: '2030405060',
  currencyCode: 'USD',
  currencySymbol: '$',
  period: { start: new Date(now - rows * 60_000 - 86_400_000), end: new Date(now) },
  opening: 0,
  closing: 123_456_789,
  rows,
  type: '',
  generated: new Date(now),
  language: 'en',
})
for (let first = 1; first <= rows; first += exportBatchRows)
  add(
    Array.from({ length: Math.min(exportBatchRows, rows - first + 1) }, (_, i) =>
      benchRow(first + i),
    ),
  )
doc.end()
await ended
const cpu = process.cpuUsage(cpuBefore)
await profile.stop()
console.log(
  `statement PDF drawing of ${rows} rows: ${((performance.now() - started) / 1000).toFixed(2)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ${(bytes / 1024 / 1024).toFixed(1)} MB in ${pieces} pieces`,
)
