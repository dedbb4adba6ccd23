import { and, desc, eq } from 'drizzle-orm'
import { correctionLimits } from '#api/contract/staff'
import { currencySymbol, formatMoney } from '#api/money'
import type { Database, Queryable } from '../db/database'
import { availableBalanceOf, customerAccountCode } from '../db/ledger'
import { approvals, corrections, ledgerAccounts, staff, users } from '../db/schema'
import { ApplyRefused } from './approval-kinds/apply-refused'
import { proposeChange } from './four-eyes'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, refused, taskRoles } from './staff-tasks'

/**
 * Manual corrections of a customer's balance (docs/decisions/079): a credit or a debit with the
 * bank's reference and the reason the customer reads, proposed by one member of staff with the
 * payments role and posted through the ledger only when a second approves it
 * (approval-kinds/correction.ts). The same from the console and `npm run ops`.
 */

/** Why a text is too long, as the contract says it; null when each fits. */
function longerThan(texts: { reference: string; reason: string }) {
  if (texts.reference.length > correctionLimits.reference)
    return `The reference must be at most ${correctionLimits.reference} characters.`
  if (texts.reason.length > correctionLimits.customerReason)
    return `The reason must be at most ${correctionLimits.customerReason} characters.`
  return null
}

export type CorrectionDirection = (typeof corrections.$inferSelect)['direction']

export interface CorrectionProposal {
  customerId: number
  direction: CorrectionDirection
  /** Minor units, more than 0. */
  amount: number
  reference: string
  reason: string
  /** Why, for the second person. */
  note?: string | undefined
}

/** The customer's e-mail and account currency; null when there is no such customer or account. */
async function accountOf(db: Queryable, customerId: number) {
  const [row] = await db
    .select({ email: users.email, role: users.role, currency: ledgerAccounts.currency })
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, customerAccountCode(customerId)))
    .where(eq(users.id, customerId))
  return row?.role === 'customer' ? row : null
}

export async function proposeCorrection(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  proposal: CorrectionProposal,
): Promise<TaskOutcome<{ message: string }>> {
  const { db } = deps
  return asActor(db, actor, taskRoles.correctionsPropose, async () => {
    const reference = proposal.reference.trim()
    const reason = proposal.reason.trim()
    if (!reference || !reason)
      return refused('Give the correction a reference and the reason the customer will read.')
    const tooLong = longerThan({ reference, reason })
    if (tooLong) return refused(tooLong)
    if (!Number.isSafeInteger(proposal.amount) || proposal.amount <= 0)
      return refused('The amount must be more than 0.00.')
    const customer = await accountOf(db, proposal.customerId)
    if (!customer) return refused(`No customer with the id ${proposal.customerId}.`)
    if (customer.currency === null)
      return refused(`${customer.email} has no account yet: it opens when KYC is approved.`)
    if (proposal.direction === 'debit') {
      const available = await availableBalanceOf(db, customerAccountCode(proposal.customerId))
      if (proposal.amount > available) {
        const symbol = currencySymbol(customer.currency)
        return refused(
          `${customer.email} has ${formatMoney(available, symbol)} available, less than a debit of ${formatMoney(proposal.amount, symbol)}.`,
        )
      }
    }
    try {
      return await proposeChange(deps, actor, {
        kind: 'correction',
        note: proposal.note,
        async create(tx, now) {
          const [row] = await tx
            .insert(corrections)
            .values({
              userId: proposal.customerId,
              direction: proposal.direction,
              amount: proposal.amount,
              reference,
              reason,
              createdAt: now,
            })
            .returning({ id: corrections.id })
          if (!row) throw new Error('the correction was not written')
          return row.id
        },
      })
    } catch (error) {
      // Only the terminal before any member of staff applies at once, and may be refused so.
      if (error instanceof ApplyRefused) return refused(error.message)
      throw error
    }
  })
}

/** The customer's latest corrections, newest first, with who proposed each. */
export async function correctionsOf(db: Queryable, customerId: number, limit = 20) {
  const rows = await db
    .select({ correction: corrections, proposer: staff.name })
    .from(corrections)
    .leftJoin(
      approvals,
      and(eq(approvals.itemKind, 'correction'), eq(approvals.itemId, corrections.id)),
    )
    .leftJoin(staff, eq(staff.id, approvals.makerStaffId))
    .where(eq(corrections.userId, customerId))
    .orderBy(desc(corrections.id))
    .limit(limit)
  return rows.map(({ correction: c, proposer }) => ({
    id: c.id,
    direction: c.direction,
    amount: c.amount,
    reference: c.reference,
    reason: c.reason,
    status: c.status,
    proposed_by: proposer,
    created_at: c.createdAt.toISOString(),
    decided_at: c.decidedAt?.toISOString() ?? null,
  }))
}
