import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { revokeStaffSessions, rolesOf } from '../auth/staff-sessions'
import type { Database, Queryable } from '../db/database'
import { staff, staffEnrolments, staffPasskeys, staffRoleGrants } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import { staffEnrolmentMail } from '../mail/staff-templates'

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
): Promise<TaskOutcome<{ id: number; email: string; linkExpiresAt: Date }>> {
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
    await tx
      .insert(staffRoleGrants)
      .values(input.roles.map((role) => ({ staffId: person.id, role, grantedAt: now })))
    const linkExpiresAt = await issueEnrolmentLink(tx, person, deps, now)
    return { ok: true as const, id: person.id, email: person.email, linkExpiresAt }
  })
  if (outcome.ok) deps.mailQueued()
  return outcome
}

export async function changeStaffRoles(
  deps: StaffDeps,
  actor: StaffActor,
  input: { staffId: number; roles: readonly StaffRole[] },
): Promise<TaskOutcome<{ email: string; roles: StaffRole[] }>> {
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
    await tx.delete(staffRoleGrants).where(eq(staffRoleGrants.staffId, person.id))
    await tx
      .insert(staffRoleGrants)
      .values(input.roles.map((role) => ({ staffId: person.id, role, grantedAt: now })))
    return { ok: true as const, email: person.email, roles: await rolesOf(tx, person.id) }
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
