import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { revokeStaffSessions, rolesOf } from '../auth/staff-sessions'
import type { Database, Queryable, Transaction } from '../db/database'
import {
  staff,
  staffEnrolments,
  staffPasskeys,
  staffRoleGrants,
  staffRoleProposals,
} from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import { staffEnrolmentMail } from '../mail/staff-templates'
import { proposeIn } from './four-eyes'
import { rolesSaid } from './role-words'

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

/** How long an enrolment link works. */
export const enrolmentLinkLifetimeMs = 24 * 3_600_000

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

/** A new enrolment link for `staffId` (earlier unused ones stop working) and its e-mail. */
async function issueEnrolmentLink(
  tx: Queryable,
  person: { id: number; email: string },
  deps: StaffDeps,
  now: Date,
) {
  await tx
    .update(staffEnrolments)
    .set({ expiresAt: now })
    .where(and(eq(staffEnrolments.staffId, person.id), isNull(staffEnrolments.usedAt)))
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + enrolmentLinkLifetimeMs)
  await tx.insert(staffEnrolments).values({
    staffId: person.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt,
    createdAt: now,
  })
  const link = `${deps.publicUrl}/wp-admin/enrol#${token}`
  await enqueueMail(tx, staffEnrolmentMail(person.email, link), now)
  return expiresAt
}

/** The active admins, their rows locked: the last one may not go (two removals wait in turn). */
async function lockActiveAdmins(tx: Queryable): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .innerJoin(
      staffRoleGrants,
      and(eq(staffRoleGrants.staffId, staff.id), eq(staffRoleGrants.role, 'admin')),
    )
    .where(eq(staff.status, 'active'))
    .orderBy(asc(staff.id))
    .for('update', { of: staff })
  return rows.map((row) => row.id)
}

const lastAdmin = 'At least one active admin must stay: give another member of staff admin first.'

export async function addStaff(
  deps: StaffDeps,
  actor: StaffActor,
  input: { email: string; name: string; roles: readonly StaffRole[] },
): Promise<
  TaskOutcome<{
    id: number
    email: string
    linkExpiresAt: Date
    /** When the admin role was asked for: its approval's words ("Sent for approval: …"). */
    adminWaits: string | null
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
    const [person] = await tx
      .insert(staff)
      .values({ email, name, createdAt: now })
      .returning({ id: staff.id, email: staff.email })
    if (!person) throw new Error('staff insert returned nothing')
    const waitsForAdmin =
      input.roles.includes('admin') && needsSecondAdmin(actor, await lockActiveAdmins(tx))
    const grantedNow = waitsForAdmin ? input.roles.filter((role) => role !== 'admin') : input.roles
    await grantRoles(tx, person.id, grantedNow, now)
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps, now)
    if (!waitsForAdmin) return { ok: true as const, ...person, linkExpiresAt, adminWaits: null }
    const sent = await proposeRoles(tx, now, actor, person.id, input.roles, grantedNow)
    if (!sent.ok) throw new Error(`admin for a new person refused: ${sent.message}`)
    return { ok: true as const, ...person, linkExpiresAt, adminWaits: sent.message }
  })
  if (outcome.ok) deps.mailQueued()
  return outcome
}

/**
 * Whether granting admin waits for a second admin: when there is one to ask. The terminal's first
 * person, and the one admin's first grant (nobody could check it), apply at once, in the audit
 * log like every change (docs/decisions/077).
 */
const needsSecondAdmin = (actor: StaffActor, activeAdmins: number[]) =>
  actor.staffId !== null && activeAdmins.length >= 2

/** What an added person's answer says of the admin role waiting for a second admin. */
export const adminWaits = (approval: string | null) =>
  approval ? ` The admin role waits for a second admin. ${approval}` : ''

async function grantRoles(tx: Queryable, staffId: number, roles: readonly StaffRole[], now: Date) {
  await tx.delete(staffRoleGrants).where(eq(staffRoleGrants.staffId, staffId))
  if (roles.length > 0)
    await tx
      .insert(staffRoleGrants)
      .values(roles.map((role) => ({ staffId, role, grantedAt: now })))
}

/** A change of roles that grants admin, waiting for a second admin (docs/decisions/077). */
const proposeRoles = (
  tx: Transaction,
  now: Date,
  actor: StaffActor,
  staffId: number,
  roles: readonly StaffRole[],
  rolesBefore: readonly StaffRole[],
) =>
  proposeIn(tx, now, actor, {
    kind: 'staff_roles',
    async create(into) {
      const [row] = await into
        .insert(staffRoleProposals)
        .values({ staffId, roles: [...roles], rolesBefore: [...rolesBefore], createdAt: now })
        .returning({ id: staffRoleProposals.id })
      if (!row) throw new Error('role proposal insert returned nothing')
      return row.id
    },
  })

/**
 * Sets a member of staff's roles. Granting the admin role to someone who does not hold it waits
 * for a second admin (docs/decisions/077); every other change applies at once.
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
    if (!input.roles.includes('admin') && admins.includes(person.id) && admins.length === 1)
      return refused(lastAdmin)
    const held = await rolesOf(tx, person.id)
    if (
      input.roles.includes('admin') &&
      !held.includes('admin') &&
      needsSecondAdmin(actor, admins)
    ) {
      if (person.status !== 'active') return refused(`${person.email} is disabled.`)
      const sent = await proposeRoles(tx, now, actor, person.id, input.roles, held)
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

export async function disableStaff(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number },
): Promise<TaskOutcome<{ email: string; sessionsEnded: number }>> {
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
    if (admins.includes(person.id) && admins.length === 1) return refused(lastAdmin)
    await tx
      .update(staff)
      .set({ status: 'disabled', disabledAt: now })
      .where(eq(staff.id, person.id))
    // Unused enrolment links stop working too.
    await tx
      .update(staffEnrolments)
      .set({ expiresAt: now })
      .where(and(eq(staffEnrolments.staffId, person.id), isNull(staffEnrolments.usedAt)))
    const sessionsEnded = await revokeStaffSessions(tx, person.id, now)
    return { ok: true as const, email: person.email, sessionsEnded }
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
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps, now)
    return { ok: true as const, email: person.email, linkExpiresAt }
  })
  if (outcome.ok) deps.mailQueued()
  return outcome
}

/**
 * A lost passkey or phone: the person's passkeys, authenticator app and password are removed,
 * their sessions end, and a new enrolment link is e-mailed to them (to their own address, so
 * the admin who resets cannot use it). Not oneself: another admin does it.
 */
export async function resetStaffSignIn(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number },
): Promise<TaskOutcome<{ email: string; linkExpiresAt: Date; sessionsEnded: number }>> {
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const why = await actorRefusal(tx, actor, ['admin'])
    if (why) return refused(why)
    if (actor.staffId === input.staffId)
      return refused('You cannot reset your own sign-in: ask another admin.')
    const person = await findStaffById(tx, input.staffId)
    if (!person) return refused('There is no such member of staff.')
    if (person.status !== 'active') return refused(`${person.email} is disabled.`)
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, person.id))
    await tx
      .update(staff)
      .set({
        passwordHash: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        enrolledAt: null,
      })
      .where(eq(staff.id, person.id))
    const sessionsEnded = await revokeStaffSessions(tx, person.id, now)
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps, now)
    return { ok: true as const, email: person.email, linkExpiresAt, sessionsEnded }
  })
  if (outcome.ok) deps.mailQueued()
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
