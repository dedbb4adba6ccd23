import { asc } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import { fourEyesSettings } from '../db/schema'
import { listApprovals } from '../domain/approval-cases'
import { decideApproval } from '../domain/approval-decisions'
import { doneOrThrow, type OpsCommand, table, taskContext } from './command'

/** Four eyes from the terminal (docs/decisions/073): the same tasks as the console's inbox. */

const approvalId = (value: string | undefined) => {
  if (!value || !/^\d{1,9}$/.test(value))
    throw new Error('Give the id of the approval (see approvals list).')
  return Number(value)
}

export const approvalCommands: Record<string, OpsCommand> = {
  'approvals list': {
    usage: '[pending|decided]',
    readOnly: true,
    readsCustomers: true,
    summary:
      'approvals waiting for a second person (or the decided ones, newest first): id, action, item, customer, amount as the maker saw it, maker, status, expires',
    async run(db, [status = 'pending'], now, context) {
      if (status !== 'pending' && status !== 'decided')
        throw new Error(`Unknown status '${status}': pending or decided.`)
      const { deps, actor } = taskContext(db, now, context)
      const { answer } = doneOrThrow(await listApprovals(deps, actor, { status, page: 1 }))
      return table(
        answer.approvals.map((row) => ({
          id: row.id,
          action: row.action,
          item: `${row.item_kind} ${row.item_id}`,
          email: row.shown.email,
          amount: formatMoney(row.shown.amount),
          maker: row.maker.name,
          status: row.status,
          expires: row.expires_at,
        })),
      )
    },
  },
  'approvals approve': {
    usage: '<id>',
    summary:
      "approve another person's decision: it applies now (the deposit credited, the transfer settled)",
    async run(db, [id], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(await decideApproval(deps, actor, approvalId(id), { approve: true }))
        .message
    },
  },
  'approvals reject': {
    usage: '<id> <reason>',
    summary: "reject another person's decision with a reason: nothing applies",
    async run(db, [id, ...words], now, context) {
      const approval = approvalId(id)
      const reason = words.join(' ').trim()
      if (!reason) throw new Error('Give the reason for rejecting it.')
      if (reason.length > 500) throw new Error('The reason must be at most 500 characters.')
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(await decideApproval(deps, actor, approval, { approve: false, reason }))
        .message
    },
  },
  'approvals settings': {
    usage: '',
    readOnly: true,
    summary:
      'the four-eyes thresholds: above which amount each action needs a second person, and how long an approval waits',
    async run(db) {
      const rows = await db.select().from(fourEyesSettings).orderBy(asc(fourEyesSettings.action))
      return table(
        rows.map((row) => ({
          action: row.action,
          above: formatMoney(row.threshold),
          expires_after: `${row.expiryMinutes} min`,
        })),
      )
    },
  },
}
