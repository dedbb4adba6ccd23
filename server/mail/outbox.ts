import { and, eq, gte } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { mailOutbox } from '../db/schema'
import { sealBody } from './sealed-body'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Every e-mail starts here, inside the caller's transaction; the delivery worker sends it. The
 * bodies are stored sealed (see sealed-body.ts) and dropped once the message is sent.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      textBody: sealBody(mail.text),
      htmlBody: mail.html === undefined ? null : sealBody(mail.html),
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('outbox insert returned nothing')
  return row.id
}

/** Whether a message with this subject went to this address since `since` (to avoid repeats). */
export async function mailedSince(
  db: Queryable,
  mail: { to: string; subject: string },
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, mail.to),
        eq(mailOutbox.subject, mail.subject),
        gte(mailOutbox.createdAt, since),
      ),
    )
    .limit(1)
  return rows.length > 0
}
