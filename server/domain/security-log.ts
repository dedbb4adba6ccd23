import { desc, eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { type securityEventKinds, securityEvents } from '../db/schema'
import { browserNameOf } from './user-agents'

/**
 * The customer's security log (issue 19 item 6, docs/decisions/080): sign-ins, failed
 * attempts, devices signed out, and changes of the passcode, PIN, e-mail and passkeys, each
 * written in the transaction of what it records. Settings shows the last 50.
 */
export type SecurityEventKind = (typeof securityEventKinds)[number]

export const securityLogLength = 50

export interface SecurityEvent {
  userId: number
  kind: SecurityEventKind
  method?: 'passcode' | 'passkey' | null
  userAgent?: string | null
  clientAddress?: string | null
  at: Date
}

export async function recordSecurityEvent(db: Queryable, event: SecurityEvent): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    method: event.method ?? null,
    userAgent: event.userAgent?.slice(0, 300) ?? null,
    clientAddress: event.clientAddress ?? null,
    at: event.at,
  })
}

/** What each kind says in the log, in the customer's words. */
export const securityEventWords: Record<SecurityEventKind, string> = {
  signed_in: 'Signed in',
  sign_in_failed: 'A sign-in failed: wrong passcode',
  new_device: 'Signed in on a new device',
  device_signed_out: 'A device was signed out',
  other_devices_signed_out: 'Every other device was signed out',
  not_me_reported: '"This wasn\'t me": every device was signed out',
  passcode_changed: 'Passcode changed',
  passcode_reset: 'Passcode reset',
  pin_created: 'Transaction PIN created',
  pin_changed: 'Transaction PIN changed',
  pin_reset: 'Transaction PIN reset',
  email_changed: 'E-mail address changed',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  payee_added: 'Payee added',
  payee_details_changed: "A payee's account details changed",
  payee_removed: 'Payee removed',
}

/** The last 50 events, newest first, as Settings lists them. */
export async function securityLogOf(db: Queryable, userId: number) {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(securityLogLength)
  return rows.map((row) => {
    const what = securityEventWords[row.kind]
    return {
      id: row.id,
      kind: row.kind,
      what: row.method === 'passkey' ? `${what} with a passkey` : what,
      at: row.at,
      device: row.userAgent ? browserNameOf(row.userAgent) : null,
      address: row.clientAddress,
    }
  })
}
