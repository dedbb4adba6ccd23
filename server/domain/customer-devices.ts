import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm'
import {
  hashToken,
  isSessionLive,
  revokeUserSessions,
  type SessionCheckOptions,
  sessionLifetimes,
} from '../auth/sessions'
import type { Queryable } from '../db/database'
import { customerDevices, sessions } from '../db/schema'
import { loadCustomer } from '../views/customer'
import { browserNameOf } from './user-agents'

/**
 * A customer's browsers, each known by its device cookie (docs/decisions/080). Every signed-in
 * session is opened on one: the cookie's own when it is this customer's and still live, else a
 * new one. Remember me ticked, the device is remembered for 30 days from that sign-in (login
 * then greets the customer on it); unticked, it lives no longer than a session without Remember
 * me and is forgotten at logout.
 */
export const rememberedDeviceMs = 30 * 24 * 3_600_000

export type DeviceRow = typeof customerDevices.$inferSelect

const newDeviceToken = () => randomBytes(32).toString('base64url')

/** The live device (not revoked, not expired) a cookie's token names, or undefined. */
export async function deviceOfToken(
  db: Queryable,
  token: string | null,
  now: Date,
): Promise<DeviceRow | undefined> {
  if (!token) return undefined
  const [row] = await db
    .select()
    .from(customerDevices)
    .where(
      and(
        eq(customerDevices.tokenHash, hashToken(token)),
        isNull(customerDevices.revokedAt),
        gt(customerDevices.expiresAt, now),
      ),
    )
  return row
}

/** The customer a remembered device belongs to, for the login's greeting and its e-mail. */
export async function rememberedCustomerOf(db: Queryable, token: string | null, now: Date) {
  const device = await deviceOfToken(db, token, now)
  if (!device?.remembered) return undefined
  const customer = await loadCustomer(db, device.userId)
  return { user: customer.user, picture: customer.picture }
}

/**
 * Login step 1's greeting: the customer's name and picture only when this browser is a device
 * they chose to be remembered on, and the e-mail typed is theirs; undefined anywhere else,
 * whoever the e-mail belongs to. Without a cookie nothing is read at all, so a registered and
 * an unregistered e-mail cost the same.
 */
export async function greetingOnDevice(
  db: Queryable,
  token: string | null,
  email: string,
  now: Date,
) {
  const remembered = token ? await rememberedCustomerOf(db, token, now) : undefined
  return remembered?.user.email === email ? remembered : undefined
}

export interface DeviceSignIn {
  deviceId: number
  /** The cookie to set: the device's token, until when (null: for the browser's life). */
  cookie: { token: string; until: Date | null }
  /** The browser was not this customer's device before this sign-in. */
  isNew: boolean
  /** Nor was any other: the customer's first device (no new-device alert for it). */
  first: boolean
}

/**
 * The device of a sign-in that opens a session: the cookie's own device when it is live and
 * this customer's (its Remember me, browser and address brought up to date), else a new one.
 */
export async function deviceForSignIn(
  tx: Queryable,
  signIn: {
    userId: number
    cookieToken: string | null
    remember: boolean
    userAgent: string | null
    clientAddress: string | null
    now: Date
  },
): Promise<DeviceSignIn> {
  const { userId, remember, now } = signIn
  const expiresAt = new Date(
    now.getTime() + (remember ? rememberedDeviceMs : sessionLifetimes.session.absoluteMs),
  )
  const seen = {
    remembered: remember,
    userAgent: signIn.userAgent?.slice(0, 300) ?? null,
    clientAddress: signIn.clientAddress,
    lastSeenAt: now,
    expiresAt,
  }
  const cookie = (token: string) => ({ token, until: remember ? expiresAt : null })
  const known = await deviceOfToken(tx, signIn.cookieToken, now)
  if (known && known.userId === userId && signIn.cookieToken) {
    await tx.update(customerDevices).set(seen).where(eq(customerDevices.id, known.id))
    return { deviceId: known.id, cookie: cookie(signIn.cookieToken), isNew: false, first: false }
  }
  const earlier = await tx
    .select({ id: customerDevices.id })
    .from(customerDevices)
    .where(eq(customerDevices.userId, userId))
    .limit(1)
  const token = newDeviceToken()
  const [row] = await tx
    .insert(customerDevices)
    .values({ userId, tokenHash: hashToken(token), ...seen, createdAt: now })
    .returning({ id: customerDevices.id })
  if (!row) throw new Error('a device was not recorded')
  return { deviceId: row.id, cookie: cookie(token), isNew: true, first: earlier.length === 0 }
}

/**
 * At logout: a device not remembered is forgotten (true: clear its cookie), so nothing of the
 * sign-in stays in the browser; a remembered one stays for the next login's greeting.
 */
export async function forgetDeviceUnlessRemembered(
  db: Queryable,
  token: string | null,
  now: Date,
): Promise<boolean> {
  if (!token) return false
  const device = await deviceOfToken(db, token, now)
  if (device?.remembered) return false
  if (device)
    await db
      .update(customerDevices)
      .set({ revokedAt: now })
      .where(eq(customerDevices.id, device.id))
  return true
}

/** A device as Settings lists it (issue 19 item 5). */
export interface ListedDevice {
  id: number
  browser: string
  os: string
  firstSeen: Date
  lastSeen: Date
  /** Remembered (Remember me): until when; null when it ends with the browser or the logout. */
  rememberedUntil: Date | null
  /** A live signed-in session is open on it. */
  signedIn: boolean
  /** The device of the session asking. */
  current: boolean
}

/**
 * The customer's devices worth listing: each live one that is remembered or has a live
 * session, the one asking first, then the most recently seen.
 */
export async function devicesOf(
  db: Queryable,
  viewer: { userId: number; deviceId: number | null },
  now: Date,
  idle: SessionCheckOptions,
): Promise<ListedDevice[]> {
  const devices = await db
    .select()
    .from(customerDevices)
    .where(
      and(
        eq(customerDevices.userId, viewer.userId),
        isNull(customerDevices.revokedAt),
        gt(customerDevices.expiresAt, now),
      ),
    )
  if (devices.length === 0) return []
  const opened = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, viewer.userId),
        inArray(
          sessions.deviceId,
          devices.map((device) => device.id),
        ),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
  const listed = devices.map((device): ListedDevice => {
    const live = opened.filter(
      (session) => session.deviceId === device.id && isSessionLive(session, now, idle),
    )
    const lastSeen = live.reduce(
      (latest, session) => (session.lastSeenAt > latest ? session.lastSeenAt : latest),
      device.lastSeenAt,
    )
    return {
      id: device.id,
      ...browserNameOf(device.userAgent),
      firstSeen: device.createdAt,
      lastSeen,
      rememberedUntil: device.remembered ? device.expiresAt : null,
      signedIn: live.length > 0,
      current: device.id === viewer.deviceId,
    }
  })
  return listed
    .filter((device) => device.rememberedUntil !== null || device.signedIn || device.current)
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || b.lastSeen.getTime() - a.lastSeen.getTime(),
    )
}

/** Signs one of the customer's devices out: its sessions end and it is forgotten. */
export async function signOutDevice(
  tx: Queryable,
  userId: number,
  deviceId: number,
  now: Date,
): Promise<boolean> {
  const forgotten = await tx
    .update(customerDevices)
    .set({ revokedAt: now })
    .where(
      and(
        eq(customerDevices.id, deviceId),
        eq(customerDevices.userId, userId),
        isNull(customerDevices.revokedAt),
      ),
    )
    .returning({ id: customerDevices.id })
  if (forgotten.length === 0) return false
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)))
  return true
}

/**
 * "Sign out everywhere else": every session but `keep`'s ends, and every device but its own
 * is forgotten. Answers how many devices were.
 */
export async function signOutOtherDevices(
  tx: Queryable,
  keep: { userId: number; sessionId: number; deviceId: number | null },
  now: Date,
): Promise<number> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, keep.userId),
        ne(sessions.id, keep.sessionId),
        isNull(sessions.revokedAt),
      ),
    )
  const others = and(
    eq(customerDevices.userId, keep.userId),
    isNull(customerDevices.revokedAt),
    ...(keep.deviceId === null ? [] : [ne(customerDevices.id, keep.deviceId)]),
  )
  const forgotten = await tx
    .update(customerDevices)
    .set({ revokedAt: now })
    .where(others)
    .returning({ id: customerDevices.id })
  return forgotten.length
}

/** Every session of the customer ends and every device is forgotten ("This wasn't me", a reset). */
export async function endEverySession(tx: Queryable, userId: number, now: Date): Promise<void> {
  await revokeUserSessions(tx, userId, now)
  await tx
    .update(customerDevices)
    .set({ revokedAt: now })
    .where(and(eq(customerDevices.userId, userId), isNull(customerDevices.revokedAt)))
}
