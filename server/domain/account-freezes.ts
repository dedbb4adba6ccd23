import { and, desc, eq, gt } from 'drizzle-orm'
import { correctionLimits } from '#api/contract/staff'
import type { Database, Queryable } from '../db/database'
import { accountNotices, accountUnfreezes, approvals, staff } from '../db/schema'
import { freezeAccount } from './account-notices'
import { ApplyRefused } from './approval-kinds/apply-refused'
import { proposeChange, whenSaid } from './four-eyes'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, refused, taskRoles } from './staff-tasks'
import { customerEmail, noCustomer } from './task-customer'

/**
 * Freezing an account and lifting the freeze (docs/decisions/079). A freeze is the account
 * notice with the time and the staff's reason: one person sets it and it holds at once (no
 * sign-in, no money out, the notice shown). Lifting it is a proposal a second person approves
 * (approval-kinds/account-unfreeze.ts); the account stays frozen while it waits.
 */

type Deps = { db: Database; now: () => Date }

const tooLong = `The reason must be at most ${correctionLimits.staffReason} characters.`

export async function freezeAccountAs(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
  reason: string,
): Promise<TaskOutcome<{ email: string; message: string }>> {
  return asActor(deps.db, actor, taskRoles.freezesChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    const why = reason.trim()
    if (!why) return refused('Give the reason for the freeze.')
    if (why.length > correctionLimits.staffReason) return refused(tooLong)
    if (!(await freezeAccount(deps.db, customerId, why, deps.now())))
      return refused(`${email}'s account is frozen already.`)
    return {
      ok: true,
      email,
      message: `${email}'s account is frozen: their sessions are ended, they cannot sign in or move money out, and they see the account notice. Lifting the freeze needs a second person.`,
    }
  })
}

/** The unfreeze of the customer still waiting for a second person (not expired), if any. */
export async function waitingUnfreeze(db: Queryable, customerId: number, now: Date) {
  const [row] = await db
    .select({ approvalId: approvals.id, at: approvals.createdAt, maker: staff.name })
    .from(accountUnfreezes)
    .innerJoin(
      approvals,
      and(eq(approvals.itemKind, 'account_unfreeze'), eq(approvals.itemId, accountUnfreezes.id)),
    )
    .innerJoin(staff, eq(staff.id, approvals.makerStaffId))
    .where(
      and(
        eq(accountUnfreezes.userId, customerId),
        eq(accountUnfreezes.status, 'proposed'),
        eq(approvals.status, 'pending'),
        gt(approvals.expiresAt, now),
      ),
    )
    .orderBy(desc(approvals.id))
    .limit(1)
  return row
}

export async function proposeUnfreeze(
  deps: Deps,
  actor: StaffActor,
  customerId: number,
  proposal: { reason: string; note?: string | undefined },
): Promise<TaskOutcome<{ message: string }>> {
  return asActor(deps.db, actor, taskRoles.freezesChange, async () => {
    const email = await customerEmail(deps.db, customerId)
    if (!email) return noCustomer(customerId)
    const reason = proposal.reason.trim()
    if (!reason) return refused('Give the reason for lifting the freeze.')
    if (reason.length > correctionLimits.staffReason) return refused(tooLong)
    try {
      return await proposeChange(deps, actor, {
        kind: 'account_unfreeze',
        note: proposal.note,
        async create(tx, now) {
          // The notice's row locked: two proposals at once write one, the second is told.
          const [notice] = await tx
            .select({ frozenAt: accountNotices.frozenAt })
            .from(accountNotices)
            .where(eq(accountNotices.userId, customerId))
            .for('update')
          if (!notice?.frozenAt) throw new ApplyRefused(`${email}'s account is not frozen.`)
          const waiting = await waitingUnfreeze(tx, customerId, now)
          if (waiting)
            throw new ApplyRefused(
              `Lifting the freeze on ${email} already waits for approval ${waiting.approvalId}, proposed by ${waiting.maker} at ${whenSaid(waiting.at)}.`,
            )
          const [row] = await tx
            .insert(accountUnfreezes)
            .values({ userId: customerId, frozenAt: notice.frozenAt, reason, createdAt: now })
            .returning({ id: accountUnfreezes.id })
          if (!row) throw new Error('the unfreeze was not written')
          return row.id
        },
      })
    } catch (error) {
      if (error instanceof ApplyRefused) return refused(error.message)
      throw error
    }
  })
}
