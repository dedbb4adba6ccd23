import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { revokeStaffSessions } from '../auth/staff-sessions'
import type { Queryable } from '../db/database'
import { staff, staffEnrolments, staffPasskeys, staffRoleGrants } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { staffEnrolmentMail } from '../mail/staff-templates'

/**
 * What a change of who may decide does once it applies (docs/decisions/098): at once while the
 * bank has fewer than two admins, or when a second admin approves it (approval-kinds/staff-roles).
 * The one place each change is written, whichever way it came.
 */

/** How long an enrolment link works. */
export const enrolmentLinkLifetimeMs = 24 * 3_600_000

export const lastAdmin =
  'At least one active admin must stay: give another member of staff admin first.'

export const twoAdminsStay =
  'At least two active admins must stay once there are two: give admin to another member of staff first.'

/** The active admins, their rows locked: two removals at once wait in turn. */
export async function lockActiveAdmins(tx: Queryable): Promise<number[]> {
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

/**
 * Why taking admin from `staffId` (removing the role, disabling them) may not happen: it would
 * leave no admin, or, once there are two, fewer than two. Null when it may.
 */
export function adminLossRefusal(activeAdmins: number[], staffId: number): string | null {
  if (!activeAdmins.includes(staffId)) return null
  if (activeAdmins.length === 1) return lastAdmin
  if (activeAdmins.length === 2) return twoAdminsStay
  return null
}

/** Sets the person's whole set of roles. */
export async function grantRoles(
  tx: Queryable,
  staffId: number,
  roles: readonly StaffRole[],
  now: Date,
) {
  await tx.delete(staffRoleGrants).where(eq(staffRoleGrants.staffId, staffId))
  if (roles.length > 0)
    await tx
      .insert(staffRoleGrants)
      .values(roles.map((role) => ({ staffId, role, grantedAt: now })))
}

/** A new enrolment link for the person (earlier unused ones stop working) and its e-mail. */
export async function issueEnrolmentLink(
  tx: Queryable,
  person: { id: number; email: string },
  publicUrl: string,
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
  await enqueueMail(
    tx,
    staffEnrolmentMail(person.email, `${publicUrl}/wp-admin/enrol#${token}`),
    now,
  )
  return expiresAt
}

/** Disables the person: their sessions end and unused enrolment links stop working. */
export async function disablePerson(tx: Queryable, staffId: number, now: Date) {
  await tx.update(staff).set({ status: 'disabled', disabledAt: now }).where(eq(staff.id, staffId))
  await tx
    .update(staffEnrolments)
    .set({ expiresAt: now })
    .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)))
  return revokeStaffSessions(tx, staffId, now)
}

/**
 * A lost passkey or phone: the person's passkeys, authenticator app and password go, their
 * sessions end, and a new enrolment link is e-mailed to their own address.
 */
export async function resetSignIn(
  tx: Queryable,
  person: { id: number; email: string },
  publicUrl: string,
  now: Date,
) {
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
  const linkExpiresAt = await issueEnrolmentLink(tx, person, publicUrl, now)
  return { sessionsEnded, linkExpiresAt }
}
