import { desc, eq } from 'drizzle-orm'
import { mailOutbox, users } from '../db/schema'
import { retryMail } from '../domain/mail-outbox'
import { approvalCommands } from './approval-commands'
import { auditCommands } from './audit-commands'
import { broadcastCommands } from './broadcast-commands'
import { doneOrThrow, type OpsCommand, table, taskContext } from './command'
import { configCommands } from './config-commands'
import { correctionCommands } from './correction-commands'
import { customerCommands } from './customer-commands'
import { demoCommands } from './demo-commands'
import { figureCommands } from './figure-commands'
import { keyCommands } from './key-commands'
import { kycCommands } from './kyc-commands'
import { moneyCommands } from './money-commands'
import { noticeCommands } from './notice-commands'
import { settingsCommands } from './settings-commands'
import { staffCommands } from './staff-commands'

export type { OpsCommand } from './command'

/** Operator commands by name; later features add theirs here. */
export const commands: Record<string, OpsCommand> = {
  'users list': {
    usage: '',
    readOnly: true,
    readsCustomers: true,
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
    readOnly: true,
    readsCustomers: true,
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
    async run(db, [id], now, context) {
      if (!id || !/^\d{1,9}$/.test(id))
        throw new Error('Give the id of the e-mail (see mail list).')
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(await retryMail(deps, actor, Number(id)))
      return `E-mail ${id} will be sent again by the running server.`
    },
  },
  ...auditCommands,
  ...kycCommands,
  ...noticeCommands,
  ...customerCommands,
  ...moneyCommands,
  ...approvalCommands,
  ...figureCommands,
  ...broadcastCommands,
  ...correctionCommands,
  ...configCommands,
  ...settingsCommands,
  ...staffCommands,
  ...keyCommands,
  ...demoCommands,
}
