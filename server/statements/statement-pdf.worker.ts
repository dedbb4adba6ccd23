import PDFDocument from 'pdfkit'
import { serveFile } from '../workers/file-worker'
import {
  type StatementHeading,
  type StatementPdfRow,
  statementDrawing,
} from './statement-pdf-layout'

/**
 * A statement's PDF, drawn on a thread of its own (statement-pdf.ts starts it): the heading
 * comes as the worker's data, the rows in batches, and pdfkit's pieces of the file go back as
 * they are written (workers/file-worker.ts), so the server's thread only reads the database
 * and sends bytes.
 */
serveFile<StatementHeading, StatementPdfRow>((heading, output) => {
  const doc = new PDFDocument({ size: 'A4', margin: 30, bufferPages: false, compress: true })
  doc.on('data', (piece: Buffer) => output.write(piece))
  doc.on('end', () => output.end())
  return { add: statementDrawing(doc, heading), finish: () => doc.end() }
})
