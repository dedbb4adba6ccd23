import { desc } from 'drizzle-orm'
import { operatorAuditLog } from '../db/schema'
import { verifyAuditChain } from '../domain/audit-chain'
import { doneOrThrow, type OpsCommand, table, taskContext } from './command'

const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`

/** The audit log from the terminal (docs/decisions/033, 075): its newest entries, its chain. */

export const auditCommands: Record<string, OpsCommand> = {
  'audit list': {
    usage: '[count]',
    readOnly: true,
    readsCustomers: true,
    summary: 'the newest operator actions (50 by default): when, who, command, outcome',
    async run(db, [count = '50']) {
      if (!/^\d{1,4}$/.test(count)) throw new Error('Give how many entries to show.')
      const rows = await db
        .select({
          at: operatorAuditLog.at,
          operator: operatorAuditLog.operator,
          command: operatorAuditLog.command,
          args: operatorAuditLog.args,
          outcome: operatorAuditLog.outcome,
          detail: operatorAuditLog.detail,
        })
        .from(operatorAuditLog)
        .orderBy(desc(operatorAuditLog.id))
        .limit(Number(count))
      return table(rows.map((row) => ({ ...row, args: JSON.stringify(row.args) })))
    },
  },
  'audit verify': {
    usage: '',
    readOnly: true,
    summary:
      "walk the audit log's hash chain: 'the chain holds', or the first broken link (exit code 1)",
    async run(db, _args, now, context) {
      const { deps, actor } = taskContext(db, now, context)
      const { check } = doneOrThrow(await verifyAuditChain(deps, actor))
      if (!check.holds)
        throw new Error(
          `The chain is broken after ${entries(check.entries)} that ${check.entries === 1 ? 'holds' : 'hold'}. ${check.problem}`,
        )
      return `The chain holds: ${entries(check.entries)}. The last hash is ${check.lastHash}.`
    },
  },
}
