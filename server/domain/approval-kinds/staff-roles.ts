import { eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { rolesOf } from '../../auth/staff-sessions'
import type { Queryable } from '../../db/database'
import { staff, staffRoleProposals } from '../../db/schema'
import { ApplyRefused, type ApprovalItem, type ItemNow, type Shown } from '../approval-items'
import { rolesSaid } from '../role-words'
import {
  adminLossRefusal,
  disablePerson,
  grantRoles,
  lockActiveAdmins,
  resetSignIn,
} from '../staff-access-changes'

/**
 * A change of who may decide, under four eyes (docs/decisions/077, 098): a person just added
 * given their roles, someone's roles set, an admin disabled or their sign-in reset; applied when
 * a second admin approves it, refused when the person's roles changed since. The rule keeps its
 * first name, 'staff grant admin', as the stored settings and approvals know it.
 */

const proposalRow = (db: Queryable, id: number) =>
  db
    .select({ proposal: staffRoleProposals, person: staff })
    .from(staffRoleProposals)
    .innerJoin(staff, eq(staff.id, staffRoleProposals.staffId))
    .where(eq(staffRoleProposals.id, id))

type Row = Awaited<ReturnType<typeof proposalRow>>[number]

/** What the change is, in the words of the approvals inbox, and the field it changes. */
function changeSaid({ proposal, person }: Row, held: string): Pick<Shown, 'detail' | 'changes'> {
  const who = `${person.name} (${person.email})`
  const roles = rolesSaid(proposal.roles)
  switch (proposal.change) {
    case 'add':
      return {
        detail: `Add ${who} as ${roles}`,
        changes: [{ field: 'Roles', from: held, to: roles }],
      }
    case 'roles':
      return {
        detail: `Roles of ${who}`,
        changes: [{ field: 'Roles', from: held, to: roles }],
      }
    case 'disable':
      return {
        detail: `Disable ${who}, who holds ${held}`,
        changes: [{ field: 'Status', from: person.status, to: 'disabled' }],
      }
    case 'reset_sign_in':
      return {
        detail: `Reset the sign-in of ${who}, who holds ${held}`,
        changes: [{ field: 'Sign-in', from: 'as enrolled', to: 'a new enrolment link' }],
      }
  }
}

/**
 * The proposal with the person as they are now: `held` is the roles they hold now, so the
 * maker's `shown` and this one differ when someone changed them meanwhile.
 */
async function proposalNow(db: Queryable, row: Row): Promise<ItemNow> {
  const held = rolesSaid(await rolesOf(db, row.person.id))
  return {
    shown: {
      customer_id: null,
      email: null,
      name: null,
      kind: 'staff_roles',
      amount: null,
      currency: null,
      ...changeSaid(row, held),
      status: row.proposal.status,
      submitted_at: row.proposal.createdAt.toISOString(),
    },
    waiting: row.proposal.status === 'proposed',
    rule: 'staff grant admin',
    decidedAt: row.proposal.decidedAt,
    decidedByStaffId: null,
  }
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role))

export const staffRolesItem: ApprovalItem = {
  action: 'staff grant admin',
  roles: approvalActions['staff grant admin'],
  noun: 'change of staff access',
  always: true,
  async lock(tx, id) {
    // The admins first, as every staff task locks them (staff.ts): one order, no deadlock.
    await lockActiveAdmins(tx)
    const [row] = await proposalRow(tx, id).for('update', { of: [staffRoleProposals, staff] })
    return row && proposalNow(tx, row)
  },
  async concerns(db, id) {
    const [row] = await proposalRow(db, id)
    return row?.person.id ?? null
  },
  async read(db, id) {
    const [row] = await proposalRow(db, id)
    return row && proposalNow(db, row)
  },
  async stale(tx, _shown, _now, id) {
    const [row] = await proposalRow(tx, id)
    if (!row) return null
    const held = await rolesOf(tx, row.person.id)
    if (sameRoles(held, row.proposal.rolesBefore)) return null
    return `Their roles changed since it was proposed: they hold ${rolesSaid(held)} now.`
  },
  async apply(tx, id, _checker, now, _terms, context) {
    const [row] = await proposalRow(tx, id)
    if (!row) throw new Error(`staff access proposal ${id} vanished`)
    const { proposal, person } = row
    if (person.status !== 'active') throw new ApplyRefused(`${person.email} is disabled.`)
    if (proposal.change === 'disable' || !proposal.roles.includes('admin')) {
      const loss = adminLossRefusal(await lockActiveAdmins(tx), person.id)
      if (loss) throw new ApplyRefused(loss)
    }
    await tx
      .update(staffRoleProposals)
      .set({ status: 'applied', decidedAt: now })
      .where(eq(staffRoleProposals.id, id))
    switch (proposal.change) {
      case 'add':
      case 'roles':
        await grantRoles(tx, person.id, proposal.roles, now)
        return `${person.email} now holds ${rolesSaid(proposal.roles)}.`
      case 'disable': {
        const ended = await disablePerson(tx, person.id, now)
        return `${person.email} is disabled; ${ended} session${ended === 1 ? '' : 's'} ended.`
      }
      case 'reset_sign_in': {
        if (!context) throw new Error('resetting a sign-in needs the public address for its link')
        await resetSignIn(tx, person, context.publicUrl, now)
        return `${person.email} must enrol again: a new enrolment link is on its way.`
      }
    }
  },
  async drop(tx, id, now) {
    const [row] = await tx
      .update(staffRoleProposals)
      .set({ status: 'dropped', decidedAt: now })
      .where(eq(staffRoleProposals.id, id))
      .returning()
    // A person added for roles a second admin did not give them: they never get any.
    if (row?.change === 'add') await disablePerson(tx, row.staffId, now)
  },
}
