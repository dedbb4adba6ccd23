import type { Pdf } from './pdf-stream'

/**
 * The width of a text in the document's current font at `size` (its current size), as
 * `doc.widthOfString` gives it, from widths measured once per character and once per pair of
 * characters. A standard PDF font's
 * text is as wide as the sum of its characters' widths and of the kerning of each adjacent pair
 * (in thousandths of the size), so this adds two lookups per character where pdfkit works the
 * kerning out again on every call: the statement's table measures each of its 600,000 cells of
 * a long file. For the standard fonts only (one UTF-16 unit, one glyph), and only while the
 * font and size it was made with are the document's.
 */
export function textWidths(doc: Pdf, size: number): (text: string) => number {
  const thousandths = (text: string) => Math.round((doc.widthOfString(text) * 1000) / size)
  const characters = new Map<number, number>()
  const kerning = new Map<number, number>()
  const characterWidth = (code: number) => {
    let width = characters.get(code)
    if (width === undefined) {
      width = thousandths(String.fromCharCode(code))
      characters.set(code, width)
    }
    return width
  }
  const pairKerning = (left: number, right: number) => {
    const key = left * 65_536 + right
    let kern = kerning.get(key)
    if (kern === undefined) {
      kern =
        thousandths(String.fromCharCode(left, right)) - characterWidth(left) - characterWidth(right)
      kerning.set(key, kern)
    }
    return kern
  }
  return (text) => {
    let units = 0
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index)
      units += characterWidth(code)
      if (index + 1 < text.length) units += pairKerning(code, text.charCodeAt(index + 1))
    }
    // pdfkit's own arithmetic (scaled, then a horizontal scaling of 100 %), so the widths agree
    // to the last bit and a right-aligned text lands where pdfkit would put it.
    return (units * (size / 1000) * 100) / 100
  }
}
