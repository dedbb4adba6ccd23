import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { hashToken, sessionLifetimes } from '../auth/sessions'
import type { Queryable } from '../db/database'
import { customerDevices } from '../db/schema'
import { loadCustomer } from '../views/customer'

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
    return { deviceId: known.id, cookie: cookie(signIn.cookieToken), isNew: false }
  }
  const token = newDeviceToken()
  const [row] = await tx
    .insert(customerDevices)
    .values({ userId, tokenHash: hashToken(token), ...seen, createdAt: now })
    .returning({ id: customerDevices.id })
  if (!row) throw new Error('a device was not recorded')
  return { deviceId: row.id, cookie: cookie(token), isNew: true }
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
