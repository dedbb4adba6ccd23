import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '#server/db/database'
import { mailOutbox } from '#server/db/schema'
import {
  deliverDueMail,
  deliveryLeaseMs,
  maxDeliveryAttempts,
  retryDelayMs,
} from '#server/mail/delivery'
import { enqueueMail } from '#server/mail/outbox'
import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
  messageIdOf,
} from '#server/mail/transport'
import { databaseTargets, openTestDatabase } from './support/databases'
import { ensureTestMailKey } from './support/mail-key'
import { createTestClock } from './support/test-app'

const from = 'Meridian Bank <no-reply@meridian.example>'

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: { from: string; to: string[]; raw: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}

/** The Message-ID header of each message received, in order. */
const messageIdsIn = (received: { raw: string }[]) =>
  received.map((message) => /^Message-ID: (.+?)\r?$/m.exec(message.raw)?.[1])

describe.each(databaseTargets)('the mail outbox on %s', (target) => {
  let database: OpenDatabase
  let outboxDir: string
  const clock = createTestClock()
  beforeAll(async () => {
    ensureTestMailKey()
    database = await openTestDatabase(target)
    outboxDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'))
  })
  afterAll(async () => {
    await database.close()
    await rm(outboxDir, { recursive: true, force: true })
  })

  it('without SMTP, writes each message as an .eml file and one log line', async () => {
    const lines: string[] = []
    const id = await enqueueMail(
      database.db,
      { to: 'dana@x.example', subject: 'Your code', text: 'Code: 123456' },
      clock.now(),
    )
    const outcome = await deliverDueMail(
      database.db,
      createFileTransport(outboxDir, from, (line) => lines.push(line)),
      clock.now,
    )
    expect(outcome).toEqual({ sent: 1, failed: 0 })
    const files = await readdir(outboxDir)
    expect(files).toEqual([`${String(id).padStart(6, '0')}.eml`])
    const eml = await readFile(path.join(outboxDir, files[0] as string), 'utf8')
    expect(eml).toMatch(/^From: Meridian Bank <no-reply@meridian.example>$/m)
    expect(eml).toMatch(/^To: dana@x.example$/m)
    expect(eml).toMatch(/^Subject: Your code$/m)
    expect(eml).toContain('Code: 123456')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('"Your code"')
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('with SMTP, delivers to a real SMTP server', async () => {
    const smtp = await startSmtpServer()
    try {
      const id = await enqueueMail(
        database.db,
        {
          to: 'priya@x.example',
          subject: 'Reset your passcode',
          text: 'Use 654321',
          html: '<p>Use <b>654321</b></p>',
        },
        clock.now(),
      )
      const outcome = await deliverDueMail(
        database.db,
        createSmtpTransport(smtp.url, from),
        clock.now,
      )
      expect(outcome).toEqual({ sent: 1, failed: 0 })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.to).toEqual(['priya@x.example'])
      expect(smtp.received[0]?.from).toBe('no-reply@meridian.example')
      expect(smtp.received[0]?.raw).toContain('Subject: Reset your passcode')
      expect(smtp.received[0]?.raw).toContain('Use 654321')
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      expect(messageIdsIn(smtp.received)).toEqual([
        `<outbox-${id}.${row?.createdAt.getTime()}@meridian.example>`,
      ])
    } finally {
      await smtp.close()
    }
  })

  it('sends a message sent again with the same Message-ID', async () => {
    const smtp = await startSmtpServer()
    try {
      const smtpTransport = createSmtpTransport(smtp.url, from)
      let tries = 0
      // The first try reaches the SMTP server, and then its outcome is lost.
      const losingTheFirst: MailTransport = {
        describe: () => 'losing the first',
        send: async (message) => {
          await smtpTransport.send(message)
          if (++tries === 1) throw new Error('connection lost after the message was taken')
        },
      }
      await enqueueMail(
        database.db,
        { to: 'again@x.example', subject: 'Again', text: 'x' },
        clock.now(),
      )
      expect(await deliverDueMail(database.db, losingTheFirst, clock.now)).toEqual({
        sent: 0,
        failed: 1,
      })
      clock.advance(retryDelayMs(1))
      expect(await deliverDueMail(database.db, losingTheFirst, clock.now)).toEqual({
        sent: 1,
        failed: 0,
      })
      const [first, second] = messageIdsIn(smtp.received)
      expect(smtp.received).toHaveLength(2)
      expect(first).toMatch(/^<outbox-\d+\.\d+@meridian\.example>$/)
      expect(second).toBe(first)
    } finally {
      await smtp.close()
    }
  })

  it("names the sender's domain in the Message-ID, whatever the display name holds", () => {
    const queuedAt = new Date(1_763_868_000_000)
    for (const [mailFrom, domain] of [
      ['Meridian Bank <no-reply@meridian.example>', 'meridian.example'],
      ['"help@Meridian" <no-reply@bank.example>', 'bank.example'],
      ['no-reply@meridian.example', 'meridian.example'],
      ['no address', 'localhost'],
    ])
      expect(messageIdOf({ id: 36, queuedAt }, mailFrom as string)).toBe(
        `<outbox-36.1763868000000@${domain}>`,
      )
  })

  it('does not record a try whose lease another server has taken meanwhile', async () => {
    const lines: string[] = []
    const id = await enqueueMail(
      database.db,
      { to: 'slow@x.example', subject: 'Slow', text: 'x' },
      clock.now(),
    )
    const takenOver = new Date(clock.now().getTime() + 2 * deliveryLeaseMs)
    // A send so slow that the lease ran out and another server claimed the message.
    const slow: MailTransport = {
      describe: () => 'slow',
      send: async () => {
        await database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: takenOver })
          .where(eq(mailOutbox.id, id))
      },
    }
    await deliverDueMail(database.db, slow, clock.now, (line) => lines.push(line))
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: takenOver })
    expect(lines).toContain(`mail #${id}: its lease ran out before this try was recorded`)
    // Drained for the tests after this one.
    clock.advance(2 * deliveryLeaseMs)
    await deliverDueMail(database.db, { describe: () => 'drain', send: async () => {} }, clock.now)
  })

  it('retries a failed send later instead of losing it, and gives up only after many tries', async () => {
    let fail = true
    const sent: number[] = []
    const flaky: MailTransport = {
      describe: () => 'flaky',
      async send(message) {
        if (fail) throw new Error('connection refused')
        sent.push(message.id)
      },
    }
    const id = await enqueueMail(
      database.db,
      { to: 'x@x.example', subject: 'Retry me', text: 'hello' },
      clock.now(),
    )
    expect(await deliverDueMail(database.db, flaky, clock.now)).toEqual({ sent: 0, failed: 1 })
    const [afterFailure] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(afterFailure).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connection refused',
    })
    // Not due again until the retry delay has passed.
    expect(await deliverDueMail(database.db, flaky, clock.now)).toEqual({ sent: 0, failed: 0 })
    clock.advance(retryDelayMs(1))
    fail = false
    expect(await deliverDueMail(database.db, flaky, clock.now)).toEqual({ sent: 1, failed: 0 })
    expect(sent).toEqual([id])

    fail = true
    const doomed = await enqueueMail(
      database.db,
      { to: 'y@x.example', subject: 'Never', text: 'x' },
      clock.now(),
    )
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt++) {
      await deliverDueMail(database.db, flaky, clock.now)
      clock.advance(retryDelayMs(attempt))
    }
    const [gaveUp] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, doomed))
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: maxDeliveryAttempts })
  })

  it('with several workers at once, sends each message exactly once', async () => {
    clock.advance(24 * 3_600_000) // past every earlier test's retries
    await deliverDueMail(database.db, { describe: () => 'drain', send: async () => {} }, clock.now)
    const queued = []
    for (let i = 0; i < 30; i++)
      queued.push(
        await enqueueMail(
          database.db,
          { to: `w${i}@x.example`, subject: 'Once', text: 'x' },
          clock.now(),
        ),
      )
    const sent: number[] = []
    const recording: MailTransport = {
      describe: () => 'recording',
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 2))
        sent.push(message.id)
      },
    }
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while ((await deliverDueMail(database.db, recording, clock.now)).sent > 0);
      }),
    )
    expect(sent.toSorted((a, b) => a - b)).toEqual(queued)
  })

  it('sends a message whose claiming server died once its lease has run out', async () => {
    const id = await enqueueMail(
      database.db,
      { to: 'lease@x.example', subject: 'Lease', text: 'x' },
      clock.now(),
    )
    // What a claim leaves behind when its server is killed before sending.
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + deliveryLeaseMs) })
      .where(eq(mailOutbox.id, id))
    const sent: number[] = []
    const recording: MailTransport = {
      describe: () => 'recording',
      send: async (message) => {
        sent.push(message.id)
      },
    }
    expect(await deliverDueMail(database.db, recording, clock.now)).toEqual({ sent: 0, failed: 0 })
    clock.advance(deliveryLeaseMs)
    expect(await deliverDueMail(database.db, recording, clock.now)).toEqual({ sent: 1, failed: 0 })
    expect(sent).toEqual([id])
  })
})
