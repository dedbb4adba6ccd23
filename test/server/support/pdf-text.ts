import { inflateSync } from 'node:zlib'

/**
 * The text a pdfkit PDF draws, in drawing order: its content streams inflated, and the hex
 * strings of their text operators decoded (pdfkit writes standard-font text as <hex> strings).
 */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes).toString('latin1')
  const pieces: string[] = []
  // Each stream's bytes by its dictionary's /Length (its data may hold any byte, \r included).
  for (const stream of pdf.matchAll(/\/Length (\d+)[^>]*>>\r?\nstream\r?\n/g)) {
    const start = (stream.index ?? 0) + stream[0].length
    const data = pdf.slice(start, start + Number(stream[1]))
    // Every stream pdfkit writes here is a deflated page content: a failure is a parsing bug.
    const content = inflateSync(Buffer.from(data, 'latin1')).toString('latin1')
    for (const line of content.split('\n')) {
      const strings = [...line.matchAll(/<([0-9a-fA-F]*)>/g)].map((match) =>
        Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
      )
      if (strings.length > 0) pieces.push(strings.join(''))
    }
  }
  return pieces.join('\n')
}

/** How many pages the PDF has. */
export const pdfPageCount = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length
