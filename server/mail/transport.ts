import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { inSpan } from '../tracing/switch'

export interface MailMessage {
  id: number
  /** When the outbox row was written; with the id it makes the Message-ID. */
  queuedAt: Date
  to: string
  subject: string
  text: string
  html: string | null
}

/** Sends one message or throws; the delivery worker retries what throws. */
export interface MailTransport {
  describe(): string
  send(message: MailMessage): Promise<void>
}

/**
 * One Message-ID per outbox row, the same on every try: should a message go out twice (its
 * sender killed between the SMTP server's acceptance and the record of it), the receiving
 * mail systems see the same message again, not a new one.
 */
export function messageIdOf(message: Pick<MailMessage, 'id' | 'queuedAt'>, from: string): string {
  const [sender] = addressparser(from, { flatten: true })
  const address = sender?.address ?? ''
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : 'localhost'
  return `<outbox-${message.id}.${message.queuedAt.getTime()}@${domain}>`
}

/** The message as nodemailer takes it; the outbox id travels along for tracing. */
const envelopeOf = (message: MailMessage, from: string) => ({
  messageId: messageIdOf(message, from),
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html ?? undefined,
  headers: { 'X-Outbox-Id': String(message.id) },
})

const smtpTimeoutsMs = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/** SMTP delivery, e.g. SMTP_URL=smtp://user:pass@mail.example:587 or smtps://... */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // Bounded well inside the delivery lease (delivery.ts), so no other server takes the message
  // over while this one may still be sending it; the URL's own settings win.
  const withTimeouts = new URL(smtpUrl)
  for (const [name, ms] of Object.entries(smtpTimeoutsMs))
    if (!withTimeouts.searchParams.has(name)) withTimeouts.searchParams.set(name, String(ms))
  const transporter = nodemailer.createTransport(withTimeouts.toString())
  const shown = new URL(smtpUrl)
  shown.password = ''
  shown.username = ''
  return {
    describe: () => `SMTP ${shown.host}`,
    async send(message) {
      // The outbox row's id and the server: never the recipient, the subject or the body.
      const attributes = {
        'portal.outbox_id': message.id,
        'server.address': withTimeouts.hostname,
        'server.port':
          Number(withTimeouts.port) || (withTimeouts.protocol === 'smtps:' ? 465 : 587),
      }
      await inSpan('smtp send', { attributes, client: true }, () =>
        transporter.sendMail(envelopeOf(message, from)),
      )
    },
  }
}

/**
 * Without SMTP: each message becomes a standard .eml file in `directory` (open it with any mail
 * program) and one log line.
 */
export function createFileTransport(
  directory: string,
  from: string,
  log: (line: string) => void,
): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    describe: () => `local outbox ${directory}`,
    async send(message) {
      const built = await composer.sendMail(envelopeOf(message, from))
      await mkdir(directory, { recursive: true })
      const file = path.join(directory, `${String(message.id).padStart(6, '0')}.eml`)
      await writeFile(file, built.message as Buffer, { mode: 0o600 })
      log(`mail #${message.id} "${message.subject}" -> ${file}`)
    },
  }
}
