import { once } from 'node:events'
import { Readable } from 'node:stream'
import PDFDocument from 'pdfkit'

/**
 * A pdfkit document whose bytes leave as a web stream while `write` is still adding pages.
 * pdfkit writes each finished page out at once (no page buffering), and `write` waits whenever
 * more than `highWaterBytes` are queued for a slow reader, so memory stays bounded.
 */
export type Pdf = InstanceType<typeof PDFDocument>

const highWaterBytes = 1024 * 1024

export function streamPdf(write: (doc: Pdf, drained: () => Promise<void>) => Promise<void>) {
  const doc = new PDFDocument({ size: 'A4', margin: 30, bufferPages: false, compress: true })
  const drained = async () => {
    while (doc.readableLength > highWaterBytes && !doc.destroyed)
      await Promise.race([once(doc, 'data'), once(doc, 'close')])
  }
  write(doc, drained).then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  )
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>
}
