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
 * How long a claimed message is held for the server that claimed it: should that server die
 * before it records the outcome, another sends the message once the lease has run out. Longer
 * than a send may take (the SMTP transport gives up within 50 s).
 */
export const deliveryLeaseMs = 60_000

/** Messages one round sends at most; the next round (woken or timed) takes the rest. */
const roundSize = 20

/** What the outcome write leaves of the lease, so another server never sends while it waits. */
const outcomeMarginMs = 5_000

/**
 * The outcome is recorded even when the connection drops under it (a restart, a cut): the
 * write is tried again for as long as the lease keeps the message this server's, since giving
 * up early would let another server send a message that has already gone.
 */
async function recordOutcome(write: () => Promise<unknown>, leaseEnds: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write()
      return
    } catch (error) {
      const pause = Math.min(200 * attempt, 2_000)
      if (performance.now() + pause > leaseEnds - outcomeMarginMs) throw error
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
}

/**
 * Sends every due message once. Each message is claimed in a short transaction of its own (FOR
 * UPDATE SKIP LOCKED, then a lease), sent with no transaction open, and its outcome recorded
 * at once: several servers on one PostgreSQL never send the same message twice, and a dropped
 * connection after a send cannot roll the "sent" back into "pending". Only a process killed
 * between the transport's acceptance and that one UPDATE can lead to a second send, which
 * carries the same Message-ID (see docs/decisions/050-several-servers.md).
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  now: () => Date,
  log: (line: string) => void = () => {},
): Promise<{ sent: number; failed: number }> {
  const outcome = { sent: 0, failed: 0 }
  for (let n = 0; n < roundSize; n++) {
    const row = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
        .orderBy(asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return null
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now().getTime() + deliveryLeaseMs) })
        .where(eq(mailOutbox.id, due.id))
      return due
    })
    if (!row) break
    const leaseEnds = performance.now() + deliveryLeaseMs
    let failure: string | null = null
    try {
      await transport.send({
        id: row.id,
        to: row.recipient,
        queuedAt: row.createdAt,
        subject: row.subject,
        text: openBody(row.textBody),
        html: row.htmlBody === null ? null : openBody(row.htmlBody),
      })
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    const attempts = row.attempts + 1
    if (failure === null) {
      await recordOutcome(
        () =>
          db
            .update(mailOutbox)
            // The bodies go once sent: codes and links must not outlive their delivery.
            .set({
              status: 'sent',
              sentAt: now(),
              attempts,
              lastError: null,
              textBody: '',
              htmlBody: null,
            })
            .where(eq(mailOutbox.id, row.id)),
        leaseEnds,
      )
      outcome.sent++
      continue
    }
    const gaveUp = attempts >= maxDeliveryAttempts
    await recordOutcome(
      () =>
        db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: failure.slice(0, 500),
            status: gaveUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id)),
      leaseEnds,
    )
    log(`mail #${row.id} not sent (try ${attempts}${gaveUp ? ', giving up' : ''}): ${failure}`)
    outcome.failed++
  }
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
