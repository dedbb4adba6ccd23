import { asc, eq } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { mailOutbox } from '#server/db/schema'
import { openBody } from '#server/mail/sealed-body'

export type OutboxMail = typeof mailOutbox.$inferSelect

/** Every e-mail queued for `to`, oldest first, its bodies opened with the process's key. */
export async function mailsTo(db: Database, to: string): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to))
    .orderBy(asc(mailOutbox.id))
  return rows.map((row) => ({
    ...row,
    textBody: openBody(row.textBody),
    htmlBody: row.htmlBody === null ? null : openBody(row.htmlBody),
  }))
}

/** The newest e-mail queued for `to`; fails the test when there is none. */
export async function lastMailTo(db: Database, to: string): Promise<OutboxMail> {
  const mail = (await mailsTo(db, to)).at(-1)
  if (!mail) throw new Error(`no e-mail was queued for ${to}`)
  return mail
}

/** The 6-digit code an e-mail shows on its own line. */
export function codeIn(mail: OutboxMail): string {
  const code = /^ {4}(\d{6})$/m.exec(mail.textBody)?.[1]
  if (!code) throw new Error(`no code in the e-mail "${mail.subject}"`)
  return code
}

/** The first link in an e-mail's text. */
export function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+/.exec(mail.textBody)?.[0]
  if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`)
  return link
}

/** The newest code sent to `to`. */
export const lastCodeTo = async (db: Database, to: string) => codeIn(await lastMailTo(db, to))

/** A 6-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
