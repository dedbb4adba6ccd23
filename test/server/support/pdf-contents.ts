import { inflateSync } from 'node:zlib'

/**
 * Every page content stream of a pdfkit PDF, inflated, in order: what is drawn and where, without
 * the parts of the file that change from one run to the next (its creation date, its ID).
 */
export function pdfContents(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes).toString('latin1')
  const contents: string[] = []
  for (const stream of pdf.matchAll(/\/Length (\d+)[^>]*>>\r?\nstream\r?\n/g)) {
    const start = (stream.index ?? 0) + stream[0].length
    const data = Buffer.from(pdf.slice(start, start + Number(stream[1])), 'latin1')
    contents.push(inflateSync(data).toString('latin1'))
  }
  return contents.join('\n%% next stream\n')
}
