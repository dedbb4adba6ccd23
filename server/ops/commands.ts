import { and, desc, eq } from 'drizzle-orm'
import { mailOutbox, users } from '../db/schema'
import { type OpsCommand, table } from './command'
import { kycCommands } from './kyc-commands'
import { noticeCommands } from './notice-commands'

export type { OpsCommand } from './command'

/** Operator commands by name; later features add theirs here. */
export const commands: Record<string, OpsCommand> = {
  'users list': {
    usage: '',
    summary: 'every user with role and verification status',
    async run(db) {
      const rows = await db
        .select({
          email: users.email,
          role: users.role,
          status: users.verificationStatus,
          name: users.fullname,
        })
        .from(users)
        .orderBy(users.id)
      return table(rows)
    },
  },
  'mail list': {
    usage: '[pending|sent|failed]',
    summary: 'the newest 50 e-mails in the outbox',
    async run(db, [status]) {
      if (status && !['pending', 'sent', 'failed'].includes(status))
        throw new Error(`Unknown status '${status}'.`)
      const rows = await db
        .select({
          id: mailOutbox.id,
          status: mailOutbox.status,
          tries: mailOutbox.attempts,
          to: mailOutbox.recipient,
          subject: mailOutbox.subject,
          error: mailOutbox.lastError,
        })
        .from(mailOutbox)
        .where(status ? eq(mailOutbox.status, status as 'pending') : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(50)
      return table(rows)
    },
  },
  'mail retry': {
    usage: '<id>',
    summary: 'send a failed e-mail again',
    async run(db, [id], now) {
      if (!id || !/^\d+$/.test(id)) throw new Error('Give the id of the e-mail (see mail list).')
      const retried = await db
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
        .where(and(eq(mailOutbox.id, Number(id)), eq(mailOutbox.status, 'failed')))
        .returning({ id: mailOutbox.id })
      if (retried.length === 0) throw new Error(`No failed e-mail with id ${id}.`)
      return `E-mail ${id} will be sent again by the running server.`
    },
  },
  ...kycCommands,
  ...noticeCommands,
}
