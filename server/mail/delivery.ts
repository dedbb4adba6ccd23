import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '../db/database'
import { mailOutbox } from '../db/schema'
import { safeErrorText } from '../logging/safe-error'
import { recordJobRound } from '../metrics/registry'
import { inSpan } from '../tracing/switch'
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

/**
 * What the outcome write leaves of the lease: no other server (its clock within this of ours)
 * sends the message meanwhile.
 */
const outcomeMarginMs = 5_000

type Outcome = Partial<typeof mailOutbox.$inferInsert>

/**
 * Writes a try's outcome, only while this server still holds the message's lease (the row is
 * pending with the lease this server wrote): a write that comes too late changes nothing, and
 * says so. It is tried again when the connection drops under it (a restart, a cut) for as long
 * as the lease lasts: giving up early would let another server send a message that has gone.
 */
async function recordOutcome(
  db: Database,
  claim: { id: number; lease: Date; leaseEnds: number },
  outcome: Outcome,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const written = await db
        .update(mailOutbox)
        .set(outcome)
        .where(
          and(
            eq(mailOutbox.id, claim.id),
            eq(mailOutbox.status, 'pending'),
            eq(mailOutbox.nextAttemptAt, claim.lease),
          ),
        )
        .returning({ id: mailOutbox.id })
      return written.length > 0
    } catch (error) {
      const pause = Math.min(200 * attempt, 2_000)
      if (performance.now() + pause > claim.leaseEnds - outcomeMarginMs) throw error
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
    // Measured from before the claim, so this server counts its lease as ending no later than
    // the others see it end.
    const leaseEnds = performance.now() + deliveryLeaseMs
    const lease = new Date(now().getTime() + deliveryLeaseMs)
    const row = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
        .orderBy(asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return null
      await tx.update(mailOutbox).set({ nextAttemptAt: lease }).where(eq(mailOutbox.id, due.id))
      return due
    })
    if (!row) break
    const claim = { id: row.id, lease, leaseEnds }
    // Each message's delivery is a trace of its own: the request that queued it has answered.
    const failure = await inSpan(
      'mail delivery',
      { attributes: { 'portal.outbox_id': row.id }, root: true },
      () => deliverClaimed(db, transport, row, claim, now, log),
    )
    const attempts = row.attempts + 1
    const gaveUp = failure !== null && attempts >= maxDeliveryAttempts
    if (failure === null) {
      outcome.sent++
      continue
    }
    log(`mail #${row.id} not sent (try ${attempts}${gaveUp ? ', giving up' : ''}): ${failure}`)
    outcome.failed++
  }
  return outcome
}

/** Sends one claimed message and records the outcome; resolves with the failure, if any. */
async function deliverClaimed(
  db: Database,
  transport: MailTransport,
  row: typeof mailOutbox.$inferSelect,
  claim: { id: number; lease: Date; leaseEnds: number },
  now: () => Date,
  log: (line: string) => void,
): Promise<string | null> {
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
  const gaveUp = failure !== null && attempts >= maxDeliveryAttempts
  const recorded = await recordOutcome(
    db,
    claim,
    failure === null
      ? // The bodies go once sent: codes and links must not outlive their delivery.
        { status: 'sent', sentAt: now(), attempts, lastError: null, textBody: '', htmlBody: null }
      : {
          attempts,
          lastError: failure.slice(0, 500),
          status: gaveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
        },
  )
  if (!recorded) log(`mail #${row.id}: its lease ran out before this try was recorded`)
  return failure
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
      .then(() => recordJobRound('mail delivery', true))
      .catch((error) => {
        recordJobRound('mail delivery', false)
        options.log(`mail delivery round failed: ${safeErrorText(error)}`)
      })
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
