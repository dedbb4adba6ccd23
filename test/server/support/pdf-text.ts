import { inflateSync } from 'node:zlib'

/**
 * The text a pdfkit PDF draws, in drawing order: its content streams inflated, and the hex
 * strings of their text operators decoded (pdfkit writes standard-font text as <hex> strings).
 */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes).toString('latin1')
  const pieces: string[] = []
  for (const stream of pdf.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      continue
    }
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
