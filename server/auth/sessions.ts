import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { sessions } from '../db/schema'

export type SessionKind = 'session' | 'kyc' | 'notice'

/** How long each kind of token lives; see docs/decisions/003-sessions-and-tokens.md. */
export const sessionLifetimes = {
  /** A signed-in session without Remember me: idle 5 min (the setting), at most 12 h. */
  session: { idleMs: 5 * 60_000, absoluteMs: 12 * 3_600_000 },
  /**
   * With Remember me: 30 days at most; idle, the longer limit the server is given
   * (SESSION_REMEMBERED_IDLE_MINUTES, docs/decisions/080), else the same 5 minutes.
   */
  remembered: { idleMs: 5 * 60_000, absoluteMs: 30 * 24 * 3_600_000 },
  /** The temporary token for KYC pages. */
  kyc: { idleMs: null, absoluteMs: 24 * 3_600_000 },
  /** The token that may only read the account notice. */
  notice: { idleMs: null, absoluteMs: 3_600_000 },
} as const

/**
 * The default idle limit of a signed-in session (PSD2: 5 minutes); the server's setting
 * SESSION_IDLE_MINUTES replaces it (AppDeps.sessionIdleMs). It applies with Remember me too.
 * See docs/decisions/027-session-idle-timeout.md.
 */
export const defaultSessionIdleMs = sessionLifetimes.session.idleMs

/**
 * How stale last_seen_at may get before a request refreshes it: a tenth of the idle limit, at
 * most a minute, so a session never ends more than that much before its idle time.
 */
const lastSeenResolution = (idleMs: number) => Math.min(60_000, Math.floor(idleMs / 10))

export interface SessionCheckOptions {
  /** The idle limit of signed-in sessions ('session' kind), replacing the table above. */
  idleMs?: number
  /** The idle limit of signed-in sessions with Remember me; `idleMs` when absent. */
  rememberedIdleMs?: number
  /** False: read the session without counting the request as activity. */
  activity?: boolean
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function lifetimeOf(kind: SessionKind, remember: boolean) {
  if (kind === 'session') return remember ? sessionLifetimes.remembered : sessionLifetimes.session
  return sessionLifetimes[kind]
}

function idleLimitOf(kind: SessionKind, remember: boolean, options: SessionCheckOptions) {
  if (kind !== 'session') return lifetimeOf(kind, remember).idleMs
  const idleMs = options.idleMs ?? lifetimeOf(kind, remember).idleMs
  return remember ? (options.rememberedIdleMs ?? idleMs) : idleMs
}

/** Whether a session row is live at `now`: not revoked, before its end, not idle too long. */
export function isSessionLive(
  row: {
    kind: SessionKind
    remember: boolean
    revokedAt: Date | null
    expiresAt: Date
    lastSeenAt: Date
  },
  now: Date,
  options: SessionCheckOptions = {},
): boolean {
  if (row.revokedAt || row.expiresAt <= now) return false
  const idleMs = idleLimitOf(row.kind, row.remember, options)
  return idleMs === null || now.getTime() - row.lastSeenAt.getTime() <= idleMs
}

/** The server's idle limits of signed-in sessions, as every session check passes them. */
export const sessionIdleOptions = (settings: {
  sessionIdleMs?: number
  sessionRememberedIdleMs?: number
}): SessionCheckOptions => ({
  idleMs: settings.sessionIdleMs,
  rememberedIdleMs: settings.sessionRememberedIdleMs,
})

export async function createSession(
  db: Queryable,
  options: {
    userId: number
    kind: SessionKind
    remember?: boolean
    /** The browser's device (customer_devices) of a signed-in session. */
    deviceId?: number | null
    clientAddress?: string | null
    now: Date
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const remember = options.remember ?? false
  await db.insert(sessions).values({
    userId: options.userId,
    tokenHash: hashToken(token),
    kind: options.kind,
    remember,
    deviceId: options.deviceId ?? null,
    clientAddress: options.clientAddress ?? null,
    expiresAt: new Date(options.now.getTime() + lifetimeOf(options.kind, remember).absoluteMs),
    lastSeenAt: options.now,
  })
  return token
}

export interface ActiveSession {
  id: number
  userId: number
  kind: SessionKind
  /** The browser's device of a signed-in session (docs/decisions/080); null for the others. */
  deviceId: number | null
  /** Its idle limit; null for the kinds without one. */
  idleMs: number | null
  /** When the session ends without further activity (its absolute end at the latest). */
  endsAt?: Date
  /** When it ends at the latest, activity or not. */
  expiresAt?: Date
}

/**
 * Every signed-in call starts with this read: built once per database and kinds, and a named
 * prepared statement on PostgreSQL, parsed and planned once per connection (docs/decisions/056).
 */
const sessionChecks = new WeakMap<Queryable, Map<string, ReturnType<typeof sessionCheckQuery>>>()

function sessionCheckQuery(db: Queryable, kinds: SessionKind[]) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        inArray(sessions.kind, kinds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(`session_check_${kinds.join('_')}`)
}

function sessionCheckOn(db: Queryable, kinds: readonly SessionKind[]) {
  let byKinds = sessionChecks.get(db)
  if (!byKinds) {
    byKinds = new Map()
    sessionChecks.set(db, byKinds)
  }
  const sorted = [...kinds].sort()
  const key = sorted.join(',')
  let query = byKinds.get(key)
  if (!query) {
    query = sessionCheckQuery(db, sorted)
    byKinds.set(key, query)
  }
  return query
}

/** The session check's text and placeholders as `findSession` sends them (the bench's anchor). */
export const sessionCheckStatement = (db: Queryable, kinds: readonly SessionKind[]) =>
  sessionCheckOn(db, kinds).getQuery()

/** The write of a check that finds last_seen_at stale. */
export const lastSeenUpdate = (db: Queryable, sessionId: number, now: Date) =>
  db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))

/** The live session for a token among the allowed kinds, touching its last-seen time; or null. */
export async function findSession(
  db: Queryable,
  token: string,
  kinds: readonly SessionKind[],
  now: Date,
  options: SessionCheckOptions = {},
): Promise<ActiveSession | null> {
  const [row] = await sessionCheckOn(db, kinds).execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
  })
  if (!row) return null
  const idleMs = idleLimitOf(row.kind, row.remember, options)
  if (idleMs !== null && now.getTime() - row.lastSeenAt.getTime() > idleMs) return null
  let lastSeen = row.lastSeenAt
  // Not one write per request: only when last_seen_at has grown stale.
  const resolution = idleMs === null ? 60_000 : lastSeenResolution(idleMs)
  if (options.activity !== false && now.getTime() - lastSeen.getTime() >= resolution) {
    await lastSeenUpdate(db, row.id, now)
    lastSeen = now
  }
  const idleEnd = idleMs === null ? row.expiresAt : new Date(lastSeen.getTime() + idleMs)
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    deviceId: row.deviceId,
    idleMs,
    endsAt: idleEnd < row.expiresAt ? idleEnd : row.expiresAt,
    expiresAt: row.expiresAt,
  }
}

/** Counts `now` as activity of the session: its idle time starts again. */
export async function touchSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

export async function revokeSession(db: Queryable, token: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return revoked.length > 0
}

/** Ends every live session of a user, e.g. after a passcode reset; optionally only some kinds. */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  now: Date,
  kinds: readonly SessionKind[] = ['session', 'kyc', 'notice'],
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        inArray(sessions.kind, [...kinds]),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id })
  return revoked.length
}

/** Ends every live session of a user except `keepSessionId`, e.g. after a passcode change. */
export async function revokeOtherSessions(
  db: Queryable,
  userId: number,
  keepSessionId: number,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id })
  return revoked.length
}
