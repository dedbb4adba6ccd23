import { asc, count, eq, sql } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { rolesOf } from '../auth/staff-sessions'
import type { Database, Queryable, Transaction } from '../db/database'
import {
  staff,
  type staffAccessChanges,
  staffPasskeys,
  staffRoleGrants,
  staffRoleProposals,
} from '../db/schema'
import type { AppDeps } from '../deps'
import { proposeIn } from './four-eyes'
import { rolesSaid } from './role-words'
import {
  adminLossRefusal,
  disablePerson,
  grantRoles,
  issueEnrolmentLink,
  lockActiveAdmins,
  resetSignIn,
} from './staff-access-changes'

/**
 * The staff themselves, as operator tasks (docs/decisions/068): each is one function called with
 * the acting person, the same from the console (staff/handlers.ts) and from `npm run ops`
 * (ops/staff-commands.ts); each checks that person's roles itself, whichever door it came
 * through. A refusal is an answer in words (`{ ok: false, message }`), not an exception.
 */

/**
 * Who acts: a member of staff, or (staffId null) the operating-system account that ran an ops
 * command before any member of staff existed, which may only add the first one.
 */
export interface StaffActor {
  staffId: number | null
  email: string
}

export type TaskOutcome<T = object> = ({ ok: true } & T) | { ok: false; message: string }

export type StaffDeps = Pick<AppDeps, 'db' | 'now' | 'mailQueued' | 'publicUrl'>

const refused = (message: string) => ({ ok: false as const, message })

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export async function findStaffByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normaliseEmail(email)))
  return row
}

export async function findStaffById(db: Queryable, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id))
  return row
}

export async function staffCount(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff)
  return Number(row?.n ?? 0)
}

/**
 * Why `actor` may not do a task that needs one of `roles`; null when they may. An active member
 * of staff holding one of the roles may; the operating-system account never may (only the first
 * `staff add`, which checks that itself).
 */
export async function actorRefusal(
  db: Queryable,
  actor: StaffActor,
  roles: readonly StaffRole[],
): Promise<string | null> {
  if (actor.staffId === null)
    return 'Name the member of staff who acts (npm run ops -- … --as <staff e-mail>).'
  const person = await findStaffById(db, actor.staffId)
  if (person?.status !== 'active') return 'Your staff account is not active.'
  const held = await rolesOf(db, actor.staffId)
  if (!roles.some((role) => held.includes(role)))
    return `This needs the role ${roles.join(' or ')}; you hold ${held.join(', ') || 'none'}.`
  return null
}

/**
 * Whether a change of who may decide waits for a second admin (docs/decisions/098): once the
 * bank has two active admins, every one does. Before that (the terminal's first person, the one
 * admin's own team) it applies at once, in the audit log like every change: nobody could check it.
 */
const needsSecondAdmin = (actor: StaffActor, activeAdmins: number[]) =>
  actor.staffId !== null && activeAdmins.length >= 2

/** A staff access change waiting for a second admin (docs/decisions/077, 098). */
const proposeAccessChange = (
  tx: Transaction,
  now: Date,
  actor: StaffActor,
  change: {
    staffId: number
    change: (typeof staffAccessChanges)[number]
    roles: readonly StaffRole[]
    rolesBefore: readonly StaffRole[]
  },
) =>
  proposeIn(tx, now, actor, {
    kind: 'staff_roles',
    async create(into) {
      const [row] = await into
        .insert(staffRoleProposals)
        .values({
          staffId: change.staffId,
          change: change.change,
          roles: [...change.roles],
          rolesBefore: [...change.rolesBefore],
          createdAt: now,
        })
        .returning({ id: staffRoleProposals.id })
      if (!row) throw new Error('staff access proposal insert returned nothing')
      return row.id
    },
  })

/**
 * A change about an admin that keeps their roles (disable, reset their sign-in), sent to a second
 * admin; its answer says so ("Disabling kim@…, an admin, waits for a second admin. Sent …").
 */
async function proposeAboutAdmin(
  tx: Transaction,
  now: Date,
  actor: StaffActor,
  person: { id: number; email: string },
  change: 'disable' | 'reset_sign_in',
  doing: string,
) {
  const held = await rolesOf(tx, person.id)
  const sent = await proposeAccessChange(tx, now, actor, {
    staffId: person.id,
    change,
    roles: held,
    rolesBefore: held,
  })
  if (!sent.ok) return sent
  const message = `${doing} ${person.email}, an admin, waits for a second admin. ${sent.message}`
  return { ok: true as const, message }
}

/** What an added person's answer says of their roles waiting for a second admin. */
export const rolesWait = (approval: string | null) =>
  approval ? ` Their roles wait for a second admin. ${approval}` : ''

export async function addStaff(
  deps: StaffDeps,
  actor: StaffActor,
  input: { email: string; name: string; roles: readonly StaffRole[] },
): Promise<
  TaskOutcome<{
    id: number
    email: string
    linkExpiresAt: Date
    /** When the roles wait for a second admin: its approval's words ("Sent for approval: …"). */
    rolesWait: string | null
  }>
> {
  const email = normaliseEmail(input.email)
  const name = input.name.trim()
  if (input.roles.length === 0) return refused('Give at least one role.')
  if (!name) return refused('Give the name of the member of staff.')
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    if (actor.staffId === null) {
      // The first member of staff, from the server's terminal: only while there is none. Two
      // first adds at once: the second waits here, then finds the first.
      await tx.execute(sql`LOCK TABLE ${staff} IN SHARE ROW EXCLUSIVE MODE`)
      if ((await staffCount(tx)) > 0)
        return refused(
          'There are members of staff already: name yourself with --as <your staff e-mail> (an admin).',
        )
    } else {
      const why = await actorRefusal(tx, actor, ['admin'])
      if (why) return refused(why)
    }
    if (await findStaffByEmail(tx, email))
      return refused(`There is already a member of staff with the e-mail ${email}.`)
    const waits = needsSecondAdmin(actor, await lockActiveAdmins(tx))
    const [person] = await tx
      .insert(staff)
      .values({ email, name, createdAt: now })
      .returning({ id: staff.id, email: staff.email })
    if (!person) throw new Error('staff insert returned nothing')
    // Waiting, the person may enrol but holds no role, so can see and decide nothing.
    if (!waits) await grantRoles(tx, person.id, input.roles, now)
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps.publicUrl, now)
    if (!waits) return { ok: true as const, ...person, linkExpiresAt, rolesWait: null }
    const sent = await proposeAccessChange(tx, now, actor, {
      staffId: person.id,
      change: 'add',
      roles: input.roles,
      rolesBefore: [],
    })
    if (!sent.ok) throw new Error(`the roles of a new person were refused: ${sent.message}`)
    return { ok: true as const, ...person, linkExpiresAt, rolesWait: sent.message }
  })
  if (outcome.ok) deps.mailQueued()
  return outcome
}

const sameRoles = (a: readonly StaffRole[], b: readonly StaffRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role))

/**
 * Sets a member of staff's roles. While the bank has fewer than two admins it applies at once;
 * after that every change of roles waits for a second admin (docs/decisions/098). Taking admin
 * away never leaves fewer admins than the rule allows (adminLossRefusal).
 */
export async function changeStaffRoles(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number; roles: readonly StaffRole[] },
): Promise<TaskOutcome<{ email: string; message: string }>> {
  if (input.roles.length === 0) return refused('Give at least one role.')
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const why = await actorRefusal(tx, actor, ['admin'])
    if (why) return refused(why)
    const admins = await lockActiveAdmins(tx)
    const person = await findStaffById(tx, input.staffId)
    if (!person) return refused('There is no such member of staff.')
    const held = await rolesOf(tx, person.id)
    if (sameRoles(held, input.roles))
      return refused(`${person.email} holds ${rolesSaid(held)} already.`)
    if (!input.roles.includes('admin')) {
      const loss = adminLossRefusal(admins, person.id)
      if (loss) return refused(loss)
    }
    if (needsSecondAdmin(actor, admins)) {
      if (person.status !== 'active') return refused(`${person.email} is disabled.`)
      const sent = await proposeAccessChange(tx, now, actor, {
        staffId: person.id,
        change: 'roles',
        roles: input.roles,
        rolesBefore: held,
      })
      return sent.ok ? { ok: true as const, email: person.email, message: sent.message } : sent
    }
    await grantRoles(tx, person.id, input.roles, now)
    const roles = await rolesOf(tx, person.id)
    return {
      ok: true as const,
      email: person.email,
      message: `${person.email} now holds ${rolesSaid(roles)}.`,
    }
  })
}

/**
 * Disables a member of staff at once (their sessions end), unless they are an admin and the
 * bank has two: then it waits for a second admin (docs/decisions/098).
 */
export async function disableStaff(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number },
): Promise<TaskOutcome<{ email: string; sessionsEnded: number; message: string }>> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const why = await actorRefusal(tx, actor, ['admin'])
    if (why) return refused(why)
    if (actor.staffId === input.staffId)
      return refused('You cannot disable yourself: ask another admin.')
    const admins = await lockActiveAdmins(tx)
    const person = await findStaffById(tx, input.staffId)
    if (!person) return refused('There is no such member of staff.')
    if (person.status === 'disabled') return refused(`${person.email} is disabled already.`)
    const loss = adminLossRefusal(admins, person.id)
    if (loss) return refused(loss)
    if (admins.includes(person.id) && needsSecondAdmin(actor, admins)) {
      const sent = await proposeAboutAdmin(tx, now, actor, person, 'disable', 'Disabling')
      return sent.ok ? { ...sent, email: person.email, sessionsEnded: 0 } : sent
    }
    const sessionsEnded = await disablePerson(tx, person.id, now)
    const message = `${person.email} is disabled; ${sessionsSaid(sessionsEnded)} ended.`
    return { ok: true as const, email: person.email, sessionsEnded, message }
  })
}

export async function resendEnrolment(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number },
): Promise<TaskOutcome<{ email: string; linkExpiresAt: Date }>> {
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const why = await actorRefusal(tx, actor, ['admin'])
    if (why) return refused(why)
    const person = await findStaffById(tx, input.staffId)
    if (!person) return refused('There is no such member of staff.')
    if (person.status !== 'active') return refused(`${person.email} is disabled.`)
    if (person.enrolledAt) return refused(`${person.email} has enrolled already.`)
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps.publicUrl, now)
    return { ok: true as const, email: person.email, linkExpiresAt }
  })
  if (outcome.ok) deps.mailQueued()
  return outcome
}

const sessionsSaid = (n: number) => `${n} session${n === 1 ? '' : 's'}`

/**
 * A lost passkey or phone: the person's passkeys, authenticator app and password are removed,
 * their sessions end, and a new enrolment link is e-mailed to them (to their own address, so
 * the admin who resets cannot use it). Not oneself: another admin does it. An admin's reset
 * waits for a second admin once the bank has two (docs/decisions/098): it would let whoever
 * holds the admin's mailbox take their place.
 */
export async function resetStaffSignIn(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number },
): Promise<TaskOutcome<{ email: string; message: string; mailed: boolean }>> {
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const why = await actorRefusal(tx, actor, ['admin'])
    if (why) return refused(why)
    if (actor.staffId === input.staffId)
      return refused('You cannot reset your own sign-in: ask another admin.')
    const admins = await lockActiveAdmins(tx)
    const person = await findStaffById(tx, input.staffId)
    if (!person) return refused('There is no such member of staff.')
    if (person.status !== 'active') return refused(`${person.email} is disabled.`)
    if (admins.includes(person.id) && needsSecondAdmin(actor, admins)) {
      const what = 'Resetting the sign-in of'
      const sent = await proposeAboutAdmin(tx, now, actor, person, 'reset_sign_in', what)
      return sent.ok ? { ...sent, email: person.email, mailed: false } : sent
    }
    const { sessionsEnded } = await resetSignIn(tx, person, deps.publicUrl, now)
    const message = `${person.email} must enrol again: their passkeys, app and password are removed, ${sessionsSaid(sessionsEnded)} ended, and a new enrolment link is on its way.`
    return { ok: true as const, email: person.email, message, mailed: true }
  })
  if (outcome.ok && outcome.mailed) deps.mailQueued()
  return outcome
}

export interface StaffListing {
  id: number
  email: string
  name: string
  roles: StaffRole[]
  status: 'active' | 'disabled'
  enrolled: boolean
  passkeys: number
  totp: boolean
  createdAt: Date
}

export async function listStaff(
  db: Database,
  actor: StaffActor,
): Promise<TaskOutcome<{ staff: StaffListing[] }>> {
  const why = await actorRefusal(db, actor, ['admin', 'auditor'])
  if (why) return refused(why)
  const people = await db.select().from(staff).orderBy(asc(staff.id))
  const grants = await db.select().from(staffRoleGrants).orderBy(asc(staffRoleGrants.role))
  const keys = await db
    .select({ staffId: staffPasskeys.staffId, n: count() })
    .from(staffPasskeys)
    .groupBy(staffPasskeys.staffId)
  return {
    ok: true,
    staff: people.map((person) => ({
      id: person.id,
      email: person.email,
      name: person.name,
      roles: grants.filter((grant) => grant.staffId === person.id).map((grant) => grant.role),
      status: person.status,
      enrolled: person.enrolledAt !== null,
      passkeys: Number(keys.find((key) => key.staffId === person.id)?.n ?? 0),
      totp: person.totpSecret !== null,
      createdAt: person.createdAt,
    })),
  }
}
