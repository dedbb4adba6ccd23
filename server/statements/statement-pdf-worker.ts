import { parentPort, workerData } from 'node:worker_threads'
import PDFDocument from 'pdfkit'
import {
  type StatementHeading,
  type StatementPdfRow,
  statementDrawing,
} from './statement-pdf-layout'

/**
 * A statement's PDF, drawn on a thread of its own (statement-pdf.ts starts it): the heading
 * comes as `workerData.data`, rows come in batches (`{ rows }`), and `{ done: true }` ends the file.
 * Each finished piece of the file goes back at once (`{ chunk }`), and `{ drawn: true }` after
 * each batch asks for the next, so the server's thread only reads the database and sends bytes.
 */
export type ToPdfWorker = { rows: StatementPdfRow[] } | { done: true }
export type FromPdfWorker = { chunk: Uint8Array } | { drawn: true } | { end: true }

const port = parentPort
if (!port) throw new Error('statement-pdf-worker.ts runs as a worker thread')

const doc = new PDFDocument({ size: 'A4', margin: 30, bufferPages: false, compress: true })
const send = (message: FromPdfWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer)
doc.on('data', (piece: Buffer) => {
  const chunk = new Uint8Array(piece)
  send({ chunk }, [chunk.buffer])
})
doc.on('end', () => {
  send({ end: true })
  port.close()
})

const draw = statementDrawing(doc, (workerData as { data: StatementHeading }).data)
port.on('message', (message: ToPdfWorker) => {
  if ('done' in message) {
    doc.end()
    return
  }
  draw(message.rows)
  send({ drawn: true })
})
