import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '../db/database'
import { mailOutbox } from '../db/schema'
import { safeErrorText } from '../logging/safe-error'
import { openBody } from './sealed-body'
import type { MailTransport } from './transport'

/** After this many failed tries a message is marked failed (kept, never deleted). */
export const maxDeliveryAttempts = 8

/** Wait before the next try: 10 s, 20 s, 40 s, ... capped at 30 min. */
export const retryDelayMs = (attempts: number) =>
  Math.min(10_000 * 2 ** (attempts - 1), 30 * 60_000)

/**
 * Sends every due message once. Rows are claimed with FOR UPDATE SKIP LOCKED so several server
 * processes on one PostgreSQL never send the same message twice.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  now: () => Date,
  log: (line: string) => void = () => {},
): Promise<{ sent: number; failed: number }> {
  const outcome = { sent: 0, failed: 0 }
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
      .orderBy(asc(mailOutbox.id))
      .limit(20)
      .for('update', { skipLocked: true })
    for (const row of due) {
      try {
        await transport.send({
          id: row.id,
          to: row.recipient,
          subject: row.subject,
          text: openBody(row.textBody),
          html: row.htmlBody === null ? null : openBody(row.htmlBody),
        })
        await tx
          .update(mailOutbox)
          // The bodies go once sent: codes and links must not outlive their delivery.
          .set({
            status: 'sent',
            sentAt: now(),
            attempts: row.attempts + 1,
            lastError: null,
            textBody: '',
            htmlBody: null,
          })
          .where(eq(mailOutbox.id, row.id))
        outcome.sent++
      } catch (error) {
        const attempts = row.attempts + 1
        const reason = error instanceof Error ? error.message : String(error)
        const gaveUp = attempts >= maxDeliveryAttempts
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: reason.slice(0, 500),
            status: gaveUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id))
        log(`mail #${row.id} not sent (try ${attempts}${gaveUp ? ', giving up' : ''}): ${reason}`)
        outcome.failed++
      }
    }
  })
  return outcome
}

export interface DeliveryWorker {
  /** Asks for a delivery round soon, e.g. right after a request queued mail. */
  wake(): void
  stop(): Promise<void>
}

/** Polls the outbox every `intervalMs` and whenever woken; one round at a time. */
export function startDeliveryWorker(options: {
  db: Database
  transport: MailTransport
  now: () => Date
  log: (line: string) => void
  intervalMs?: number
}): DeliveryWorker {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const round = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = deliverDueMail(options.db, options.transport, options.now, options.log)
      .then(() => undefined)
      .catch((error) => options.log(`mail delivery round failed: ${safeErrorText(error)}`))
      .finally(() => {
        running = null
        if (again) {
          again = false
          round()
        }
      })
  }
  const timer = setInterval(round, options.intervalMs ?? 5_000)
  timer.unref()
  round()
  return {
    wake: round,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
