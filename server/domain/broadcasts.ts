import { and, desc, eq } from 'drizzle-orm'
import type { StaffCallResponse, StaffRole } from '#api/contract/staff'
import type { Database, Queryable } from '../db/database'
import { approvals, broadcasts, staff } from '../db/schema'
import { audienceSize, audiences } from './customer-plans'
import { proposeChange } from './four-eyes'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, refused } from './staff-tasks'

/**
 * Broadcasts (docs/decisions/077): a notification to every customer or to one plan's, proposed
 * by one member of staff with the support role and sent when a second approves it, by the
 * broadcast job in batches (docs/decisions/103): the page shows how far each is.
 */

const readRoles: readonly StaffRole[] = ['support', 'auditor']
const proposeRoles: readonly StaffRole[] = ['support']

export async function broadcastPage(
  deps: { db: Queryable },
  actor: StaffActor,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'broadcastpage'> }>> {
  const { db } = deps
  return asActor(db, actor, readRoles, async () => {
    const rows = await db
      .select({ broadcast: broadcasts, maker: staff.name })
      .from(broadcasts)
      .leftJoin(
        approvals,
        and(eq(approvals.itemKind, 'broadcast'), eq(approvals.itemId, broadcasts.id)),
      )
      .leftJoin(staff, eq(staff.id, approvals.makerStaffId))
      .orderBy(desc(broadcasts.id))
      .limit(20)
    return {
      ok: true,
      answer: {
        audiences: await audiences(db),
        broadcasts: rows.map(({ broadcast, maker }) => ({
          id: broadcast.id,
          title: broadcast.title,
          body: broadcast.body,
          plan: broadcast.plan,
          status: broadcast.status,
          recipients: broadcast.recipients,
          audience: broadcast.audience,
          written: broadcast.written,
          sent_at: broadcast.sentAt?.toISOString() ?? null,
          proposed_by: maker,
          created_at: broadcast.createdAt.toISOString(),
          decided_at: broadcast.decidedAt?.toISOString() ?? null,
        })),
      },
    }
  })
}

export interface BroadcastProposal {
  title: string
  body: string
  /** The plan whose customers receive it; null: every customer. */
  plan: string | null
  note?: string | undefined
}

export async function proposeBroadcast(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  proposal: BroadcastProposal,
): Promise<TaskOutcome<{ message: string }>> {
  return asActor(deps.db, actor, proposeRoles, async () => {
    const title = proposal.title.trim()
    const body = proposal.body.trim()
    if (!title || !body) return refused('Give the broadcast a title and a text.')
    const plan = proposal.plan?.trim() || null
    if (plan !== null && !(await audiences(deps.db)).some((row) => row.plan === plan))
      return refused(`No plan is called ${plan}.`)
    if ((await audienceSize(deps.db, plan)) === 0) return refused('No customer would receive it.')
    return proposeChange(deps, actor, {
      kind: 'broadcast',
      note: proposal.note,
      async create(tx, now) {
        const [row] = await tx
          .insert(broadcasts)
          .values({ title, body, plan, createdAt: now })
          .returning({ id: broadcasts.id })
        if (!row) throw new Error('the broadcast was not written')
        return row.id
      },
    })
  })
}
