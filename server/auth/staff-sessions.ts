import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { staff, staffRoleGrants, type staffSessionStages, staffSessions } from '../db/schema'
import { hashToken } from './sessions'

/**
 * Staff sessions (docs/decisions/068), as customers' sessions are kept (sessions.ts): a random
 * token that only the cookie carries, stored as its SHA-256, with an absolute end and, when
 * signed in, an idle limit. A session is live only while its person is active: disabling them
 * revokes their sessions, and every check also reads their status.
 */
export type StaffSessionStage = (typeof staffSessionStages)[number]

export const staffSessionLifetimes: Record<
  StaffSessionStage,
  { idleMs: number | null; absoluteMs: number }
> = {
  /** A right password, waiting for the second factor. */
  second_factor: { idleMs: null, absoluteMs: 5 * 60_000 },
  /** An enrolment link used: the password is set, a second factor is to be added. */
  enrolment: { idleMs: null, absoluteMs: 30 * 60_000 },
  /** Signed in: 15 minutes idle, 8 hours at most. */
  full: { idleMs: 15 * 60_000, absoluteMs: 8 * 3_600_000 },
}

/** How stale last_seen_at may get before a call refreshes it (as sessions.ts, a minute). */
const lastSeenResolutionMs = 60_000

export interface StaffSession {
  id: number
  staffId: number
  email: string
  name: string
  stage: StaffSessionStage
  roles: StaffRole[]
  /** The WebAuthn challenge last given in this session, not yet answered. */
  challenge: string | null
  /** Until when a signed-in session may add or replace a sign-in factor (null: not now). */
  stepUpUntil: Date | null
  /** When it ends without activity (its absolute end at the latest). */
  endsAt: Date
  expiresAt: Date
}

export async function createStaffSession(
  db: Queryable,
  options: {
    staffId: number
    stage: StaffSessionStage
    clientAddress: string | null
    userAgent: string | null
    challenge?: string | null
    now: Date
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(
    options.now.getTime() + staffSessionLifetimes[options.stage].absoluteMs,
  )
  await db.insert(staffSessions).values({
    staffId: options.staffId,
    tokenHash: hashToken(token),
    stage: options.stage,
    challenge: options.challenge ?? null,
    clientAddress: options.clientAddress,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    expiresAt,
    lastSeenAt: options.now,
    createdAt: options.now,
  })
  return { token, expiresAt }
}

export async function rolesOf(db: Queryable, staffId: number): Promise<StaffRole[]> {
  const rows = await db
    .select({ role: staffRoleGrants.role })
    .from(staffRoleGrants)
    .where(eq(staffRoleGrants.staffId, staffId))
    .orderBy(asc(staffRoleGrants.role))
  return rows.map((row) => row.role)
}

/**
 * The live session of `token` among `stages`, its person active; counts the call as activity
 * unless `activity` is false. Null for anything else: unknown, revoked, expired, idle too long,
 * another stage, or a disabled person.
 */
export async function findStaffSession(
  db: Queryable,
  token: string,
  stages: readonly StaffSessionStage[],
  now: Date,
  options: { activity?: boolean } = {},
): Promise<StaffSession | null> {
  const [row] = await db
    .select({ session: staffSessions, email: staff.email, name: staff.name })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        inArray(staffSessions.stage, [...stages]),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staff.status, 'active'),
      ),
    )
  if (!row) return null
  const { session } = row
  const { idleMs } = staffSessionLifetimes[session.stage]
  if (idleMs !== null && now.getTime() - session.lastSeenAt.getTime() > idleMs) return null
  let lastSeen = session.lastSeenAt
  if (options.activity !== false && now.getTime() - lastSeen.getTime() >= lastSeenResolutionMs) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id))
    lastSeen = now
  }
  const idleEnd = idleMs === null ? session.expiresAt : new Date(lastSeen.getTime() + idleMs)
  return {
    id: session.id,
    staffId: session.staffId,
    email: row.email,
    name: row.name,
    stage: session.stage,
    roles: await rolesOf(db, session.staffId),
    challenge: session.challenge,
    stepUpUntil: session.stepUpUntil,
    endsAt: idleEnd < session.expiresAt ? idleEnd : session.expiresAt,
    expiresAt: session.expiresAt,
  }
}

/** Counts `now` as activity: the idle time starts again. */
export async function touchStaffSession(db: Queryable, sessionId: number, now: Date) {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
}

/** Keeps the WebAuthn challenge just given (null: the last one was answered, right or wrong). */
export async function setSessionChallenge(
  db: Queryable,
  sessionId: number,
  challenge: string | null,
) {
  await db.update(staffSessions).set({ challenge }).where(eq(staffSessions.id, sessionId))
}

/**
 * Takes the session's challenge for one answer: it is cleared whether the answer is right or
 * not, and two answers racing get it once.
 */
export async function takeSessionChallenge(db: Queryable, sessionId: number, challenge: string) {
  const taken = await db
    .update(staffSessions)
    .set({ challenge: null })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.challenge, challenge)))
    .returning({ id: staffSessions.id })
  return taken.length > 0
}

export async function revokeStaffSessionById(db: Queryable, sessionId: number, now: Date) {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id })
  return revoked.length > 0
}

export async function revokeStaffSessionByToken(db: Queryable, token: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)))
}

/** Ends every live session of a person but `keepSessionId` (none kept when absent). */
export async function revokeStaffSessions(
  db: Queryable,
  staffId: number,
  now: Date,
  keepSessionId?: number,
): Promise<number> {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        keepSessionId === undefined ? undefined : ne(staffSessions.id, keepSessionId),
      ),
    )
    .returning({ id: staffSessions.id })
  return revoked.length
}

/** A person's signed-in sessions still live at `now` (idle ones left out), newest first. */
export async function liveStaffSessions(db: Queryable, staffId: number, now: Date) {
  const idleMs = staffSessionLifetimes.full.idleMs ?? 0
  return db
    .select({
      id: staffSessions.id,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      clientAddress: staffSessions.clientAddress,
      userAgent: staffSessions.userAgent,
    })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        eq(staffSessions.stage, 'full'),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(staffSessions.createdAt), desc(staffSessions.id))
}

// ---- the step-up before a signed-in person changes a sign-in factor (domain/staff-step-up.ts) ----

/** How long a step-up lets a signed-in session add or replace a factor. */
export const stepUpLifetimeMs = 5 * 60_000

export const stepUpNeeded =
  'Confirm it is you first: give your password and your current passkey or authenticator code.'

/** Whether the session may add or replace a factor now: an enrolment, or a live step-up. */
export const mayChangeFactors = (session: StaffSession, now: Date) =>
  session.stage === 'enrolment' || (session.stepUpUntil !== null && session.stepUpUntil > now)

/**
 * Uses up the session's step-up with the change it allowed; false when there was none left (two
 * changes at once: only one gets it). An enrolment needs none.
 */
export async function spendStepUp(db: Queryable, session: StaffSession, now: Date) {
  if (session.stage === 'enrolment') return true
  const used = await db
    .update(staffSessions)
    .set({ stepUpUntil: null })
    .where(and(eq(staffSessions.id, session.id), gt(staffSessions.stepUpUntil, now)))
    .returning({ id: staffSessions.id })
  return used.length > 0
}
