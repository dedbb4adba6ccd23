import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

/**
 * Reading the portal's local outbox (`DATA_DIR/outbox/*.eml`, written by the delivery worker)
 * as a customer reads their inbox: the newest e-mail to an address, its subject and plain text.
 */
export interface ReceivedMail {
  file: string
  /** The recipient's address, lower case. */
  to: string
  subject: string
  /** The text/plain part, decoded. */
  text: string
}

/** Headers of one MIME entity (folded lines joined), names in lower case. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const source = raw.replace(/\r\n/g, '\n')
  const end = source.indexOf('\n\n')
  return end < 0
    ? { headers: parseHeaders(source), body: '' }
    : { headers: parseHeaders(source.slice(0, end)), body: source.slice(end + 2) }
}

/** Quoted-printable (`=XX` bytes, `=` soft line breaks) to bytes. */
const quotedPrintableBytes = (text: string) =>
  Buffer.from(
    text
      .replace(/=\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  )

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), decoded. */
function decodeHeader(value: string): string {
  const word = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g
  // Adjacent words form one text (a character may be split between them).
  return value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s*=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) =>
    Buffer.concat(
      [...run.matchAll(word)].map(([, kind, data = '']) =>
        kind?.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : quotedPrintableBytes(data.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  )
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return quotedPrintableBytes(body).toString('utf8')
    default:
      return body
  }
}

/** The decoded text/plain part of a message (the first one, in a multipart message). */
function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return decodeBody(body, headers.get('content-transfer-encoding'))
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break
    const entity = splitEntity(part.replace(/^\n/, ''))
    const partType = (entity.headers.get('content-type') ?? 'text/plain').toLowerCase()
    if (partType.startsWith('text/plain') || partType.startsWith('multipart/')) {
      const text = plainText(entity.headers, entity.body)
      if (text) return text
    }
  }
  return ''
}

/** `Name <a@b.example>` or `a@b.example` -> `a@b.example`, lower case. */
const addressOf = (header: string) => (/<([^>]+)>/.exec(header)?.[1] ?? header).trim().toLowerCase()

/** A multipart message is whole once its closing boundary is in (the file may be half written). */
function isComplete(headers: Map<string, string>, body: string): boolean {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1]
  return !boundary || body.includes(`--${boundary}--`)
}

/** The message in an .eml file, or null while it is still being written. */
export function parseMail(file: string, raw: string): ReceivedMail | null {
  const { headers, body } = splitEntity(raw)
  if (!isComplete(headers, body)) return null
  return {
    file,
    to: addressOf(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: plainText(headers, body),
  }
}

/** Every .eml in the outbox, newest (highest outbox id) first. */
async function readOutbox(outbox: string): Promise<ReceivedMail[]> {
  const names = await readdir(outbox).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const files = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
  const mails = await Promise.all(
    files.map(async (name) => {
      const file = path.join(outbox, name)
      return parseMail(file, await readFile(file, 'utf8'))
    }),
  )
  return mails.filter((mail) => mail !== null)
}

/**
 * Waits until the delivery worker has written an e-mail to `to` (whose subject contains
 * `subject`, when given) into `DATA_DIR/outbox/`, and returns the newest such e-mail.
 */
export async function waitForMail(
  dataDir: string,
  { to, subject, timeoutMs = 15_000 }: { to: string; subject?: string; timeoutMs?: number },
): Promise<ReceivedMail> {
  const outbox = path.join(dataDir, 'outbox')
  const wanted = to.trim().toLowerCase()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await readOutbox(outbox)).find(
      (mail) => mail.to === wanted && (!subject || mail.subject.includes(subject)),
    )
    if (found) return found
    if (Date.now() > deadline) {
      throw new Error(
        `no e-mail to ${to}${subject ? ` about "${subject}"` : ''} in ${outbox} after ${timeoutMs} ms`,
      )
    }
    await delay(100)
  }
}

/** The one 6-digit code of an e-mail (the portal indents it on a line of its own). */
export function codeIn(mail: ReceivedMail): string {
  const code = /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1]
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}":\n${mail.text}`)
  return code
}

/** The first link in an e-mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix))
  if (!link) throw new Error(`no link starting ${prefix} in "${mail.subject}":\n${mail.text}`)
  return link
}
