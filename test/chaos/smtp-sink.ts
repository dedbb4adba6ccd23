import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One copy of a message as the sink took it. */
export interface Arrival {
  at: number
  messageId: string
  /** The name the sending server greeted the sink with (EHLO). */
  sender: string
}

/**
 * A real SMTP server on loopback that keeps every message it accepts: the servers' delivery
 * workers send to it, and the checker reads each outbox id's copies (the X-Outbox-Id header).
 */
export interface SmtpSink {
  url: string
  /** Each outbox id's copies, in the order they arrived. */
  deliveries: Map<number, Arrival[]>
  /** Sessions that ended without QUIT (a server killed mid-delivery resets its connection). */
  cutSessions(): number
  /** Messages to one address, oldest first. */
  messagesTo(address: string): { raw: string; at: number }[]
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const deliveries = new Map<number, Arrival[]>()
  const byRecipient = new Map<string, { raw: string; at: number }[]>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const id = Number(/^X-Outbox-Id: (\d+)/im.exec(raw)?.[1] ?? 0)
        const messageId = /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? ''
        const arrival = { at: Date.now(), messageId, sender: session.hostNameAppearsAs }
        deliveries.set(id, [...(deliveries.get(id) ?? []), arrival])
        for (const rcpt of session.envelope.rcptTo) {
          const list = byRecipient.get(rcpt.address) ?? []
          list.push({ raw, at: Date.now() })
          byRecipient.set(rcpt.address, list)
        }
        callback()
      })
    },
  })
  // smtp-server re-emits a connection's socket errors on the server; unheard, they would end the
  // test process. A reset is what a SIGKILLed sender looks like, so it is counted, not thrown.
  let cut = 0
  server.on('error', () => {
    cut++
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    cutSessions: () => cut,
    messagesTo: (address) => byRecipient.get(address) ?? [],
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}
