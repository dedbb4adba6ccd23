import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { sessions } from '../db/schema'

export type SessionKind = 'session' | 'kyc' | 'notice'

/** How long each kind of token lives; see docs/decisions/003-sessions-and-tokens.md. */
export const sessionLifetimes = {
  /** A signed-in session without Remember me: idle 30 min, at most 12 h. */
  session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
  /** With Remember me: no idle limit, 30 days. */
  remembered: { idleMs: null, absoluteMs: 30 * 24 * 3_600_000 },
  /** The temporary token for KYC pages. */
  kyc: { idleMs: null, absoluteMs: 24 * 3_600_000 },
  /** The token that may only read the account notice. */
  notice: { idleMs: null, absoluteMs: 3_600_000 },
} as const

/** How stale last_seen_at may get before a request refreshes it. */
const lastSeenResolutionMs = 60_000

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function lifetimeOf(kind: SessionKind, remember: boolean) {
  if (kind === 'session') return remember ? sessionLifetimes.remembered : sessionLifetimes.session
  return sessionLifetimes[kind]
}

export async function createSession(
  db: Queryable,
  options: {
    userId: number
    kind: SessionKind
    remember?: boolean
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
}

/** The live session for a token among the allowed kinds, touching its last-seen time; or null. */
export async function findSession(
  db: Queryable,
  token: string,
  kinds: readonly SessionKind[],
  now: Date,
): Promise<ActiveSession | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        inArray(sessions.kind, [...kinds]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
  if (!row) return null
  const { idleMs } = lifetimeOf(row.kind, row.remember)
  if (idleMs !== null && now.getTime() - row.lastSeenAt.getTime() > idleMs) return null
  // One write a minute is enough for a 30-minute idle limit; not one write per request.
  if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id))
  }
  return { id: row.id, userId: row.userId, kind: row.kind }
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
