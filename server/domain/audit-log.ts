import type { Queryable } from '../db/database'
import { operatorAuditLog } from '../db/schema'
import { auditSubjectOf } from './audit-subjects'
import type { StaffActor } from './staff'

/**
 * One entry of the append-only operator audit log (a trigger refuses UPDATE and DELETE): who
 * acted, which task with what arguments, and whether it was done or refused, with what was said,
 * and what it touched (audit-subjects.ts). Both doors write it the same way: `npm run ops`
 * (ops/run.ts) and the staff console's calls (staff/dispatcher.ts). The database chains each
 * entry to the one before (docs/decisions/075). See docs/decisions/033 and 068.
 */
export async function recordOperatorAction(
  db: Queryable,
  entry: {
    actor: StaffActor
    command: string
    args: unknown
    outcome: 'done' | 'refused' | 'read'
    detail: string
    at: Date
  },
): Promise<void> {
  const args = entry.args ?? []
  await db.insert(operatorAuditLog).values({
    at: entry.at,
    operator: entry.actor.email.slice(0, 100),
    staffId: entry.actor.staffId,
    command: entry.command,
    args,
    outcome: entry.outcome,
    detail: entry.detail.slice(0, 2000),
    ...(await auditSubjectOf(db, entry.command, args)),
  })
}
