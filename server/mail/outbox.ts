import type { Queryable } from '../db/database'
import { mailOutbox } from '../db/schema'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

/** Every e-mail starts here, inside the caller's transaction; the delivery worker sends it. */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('outbox insert returned nothing')
  return row.id
}
