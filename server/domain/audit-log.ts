import type { Queryable } from '../db/database'
import { operatorAuditLog } from '../db/schema'
import type { StaffActor } from './staff'

/**
 * One entry of the append-only operator audit log (a trigger refuses UPDATE and DELETE): who
 * acted, which task with what arguments, and whether it was done or refused, with what was said.
 * Both doors write it the same way: `npm run ops` (ops/run.ts) and the staff console's calls
 * (staff/dispatcher.ts). See docs/decisions/033 and 068.
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
  await db.insert(operatorAuditLog).values({
    at: entry.at,
    operator: entry.actor.email.slice(0, 100),
    staffId: entry.actor.staffId,
    command: entry.command,
    args: entry.args ?? [],
    outcome: entry.outcome,
    detail: entry.detail.slice(0, 2000),
  })
}
