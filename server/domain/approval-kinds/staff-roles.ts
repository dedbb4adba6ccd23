import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { rolesOf } from '../../auth/staff-sessions'
import type { Queryable } from '../../db/database'
import { staff, staffRoleGrants, staffRoleProposals } from '../../db/schema'
import { ApplyRefused, type ApprovalItem, type ItemNow, type Shown } from '../approval-items'
import { rolesSaid } from '../role-words'

/**
 * Granting the admin role, under four eyes (issue 18, docs/decisions/077): the person's whole new
 * set of roles, applied when a second admin approves it, refused when their roles changed since.
 */

const proposalRow = (db: Queryable, id: number) =>
  db
    .select({ proposal: staffRoleProposals, person: staff })
    .from(staffRoleProposals)
    .innerJoin(staff, eq(staff.id, staffRoleProposals.staffId))
    .where(eq(staffRoleProposals.id, id))

type Row = Awaited<ReturnType<typeof proposalRow>>[number]

/**
 * The proposal with the person as they are now: `from` is the roles they hold now, so the maker's
 * `shown` (the roles they held then) and this one differ when someone changed them meanwhile.
 */
async function proposalNow(db: Queryable, { proposal, person }: Row): Promise<ItemNow> {
  const held = await rolesOf(db, person.id)
  return {
    shown: {
      customer_id: null,
      email: null,
      name: null,
      kind: 'staff_roles',
      amount: null,
      currency: null,
      detail: `Admin for ${person.name} (${person.email})`,
      status: proposal.status,
      submitted_at: proposal.createdAt.toISOString(),
      changes: [{ field: 'Roles', from: rolesSaid(held), to: rolesSaid(proposal.roles) }],
    },
    waiting: proposal.status === 'proposed',
    rule: 'staff grant admin',
    decidedAt: proposal.decidedAt,
    decidedByStaffId: null,
  }
}

const rolesNow = (shown: Shown) => shown.changes?.[0]?.from

export const staffRolesItem: ApprovalItem = {
  action: 'staff grant admin',
  roles: approvalActions['staff grant admin'],
  noun: 'change of roles',
  always: true,
  async lock(tx, id) {
    const [row] = await proposalRow(tx, id).for('update', { of: [staffRoleProposals, staff] })
    return row && proposalNow(tx, row)
  },
  async read(db, id) {
    const [row] = await proposalRow(db, id)
    return row && proposalNow(db, row)
  },
  async stale(_tx, shown, now) {
    if (rolesNow(shown) !== rolesNow(now.shown))
      return `Their roles changed since it was proposed: they hold ${rolesNow(now.shown)} now.`
    return null
  },
  async apply(tx, id, _checker, now) {
    const [row] = await proposalRow(tx, id)
    if (!row) throw new Error(`role proposal ${id} vanished`)
    if (row.person.status !== 'active') throw new ApplyRefused(`${row.person.email} is disabled.`)
    await tx.delete(staffRoleGrants).where(eq(staffRoleGrants.staffId, row.person.id))
    await tx
      .insert(staffRoleGrants)
      .values(row.proposal.roles.map((role) => ({ staffId: row.person.id, role, grantedAt: now })))
    await tx
      .update(staffRoleProposals)
      .set({ status: 'applied', decidedAt: now })
      .where(eq(staffRoleProposals.id, id))
    return `${row.person.email} now holds ${rolesSaid(row.proposal.roles)}.`
  },
  async drop(tx, id, now) {
    await tx
      .update(staffRoleProposals)
      .set({ status: 'dropped', decidedAt: now })
      .where(eq(staffRoleProposals.id, id))
  },
}
