import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { textWidths } from '#server/statements/pdf-text-widths'

/** The statement's table measures its cells with textWidths; it must agree with pdfkit. */
describe('textWidths', () => {
  it("gives what pdfkit's widthOfString gives, to the last bit, in each font and size the PDF uses", () => {
    const texts = [
      '',
      'A',
      'Bench movement 12345',
      'AVAWAYA To Ty Yo',
      '-$123,456,789.01',
      '1.234,56\u00a0€',
      'Transferencia a Pérez & Núñez — “recibo”…',
      'bench-export-90000-9999',
      '=SUM(A11) "quoted", comma',
    ]
    for (const [font, size] of [
      ['Helvetica', 8.5],
      ['Helvetica-Bold', 9],
      ['Helvetica', 10],
    ] as const) {
      const doc = new PDFDocument({ size: 'A4' })
      doc.font(font).fontSize(size)
      const widthOf = textWidths(doc, size)
      for (const text of texts)
        expect(widthOf(text), `${font} ${size} ${text}`).toBe(doc.widthOfString(text))
      doc.end()
    }
  })
})
