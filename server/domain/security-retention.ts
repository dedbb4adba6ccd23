import { and, eq, exists, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../db/database'
import { customerDevices, passkeyChallenges, securityEvents, signInAlerts } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'

/**
 * How long the customers' security records are kept (docs/decisions/082), and the job that
 * deletes what is older. Each record is personal data (a browser, an address, when someone
 * signed in) kept for a purpose; once the purpose is over, it goes.
 */
export const securityRetention = {
  /**
   * The security log: 13 months. Settings shows the last 50 events, and staff looking into a
   * fraud claim need the year before it; the month over a year covers a claim made on a yearly
   * statement.
   */
  securityLogMonths: 13,
  /**
   * A new sign-in's alert: its "This wasn't me" link lives 7 days; the row stays 30 days more,
   * so a customer who reports a late link is answered the same as for any used or dead one,
   * and support can still see that it was sent.
   */
  alertAfterLinkMs: 30 * 24 * 3_600_000,
  /**
   * A device signed out, forgotten or expired: 30 days after, for support to answer "which
   * browser was that?"; the security log keeps each sign-in's browser and address for longer.
   */
  deadDeviceMs: 30 * 24 * 3_600_000,
} as const

/** What one round deleted, by kind. */
export interface PrunedSecurityRecords {
  securityEvents: number
  signInAlerts: number
  passkeyChallenges: number
  devices: number
}

/** Calendar months back from `now` (UTC), as a person counts "13 months ago". */
function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now)
  then.setUTCMonth(then.getUTCMonth() - months)
  return then
}

/** Deletes the security records past their retention at `now`; each kind in its own statement. */
export async function pruneSecurityRecords(
  db: Database,
  now: Date,
): Promise<PrunedSecurityRecords> {
  const events = await db
    .delete(securityEvents)
    .where(lt(securityEvents.at, monthsBefore(now, securityRetention.securityLogMonths)))
    .returning({ id: securityEvents.id })
  const alerts = await db
    .delete(signInAlerts)
    .where(lt(signInAlerts.expiresAt, new Date(now.getTime() - securityRetention.alertAfterLinkMs)))
    .returning({ id: signInAlerts.id })
  // A challenge serves its 5 minutes, used or not.
  const challenges = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ id: passkeyChallenges.id })
  const devices = await pruneDeadDevices(
    db,
    new Date(now.getTime() - securityRetention.deadDeviceMs),
  )
  return {
    securityEvents: events.length,
    signInAlerts: alerts.length,
    passkeyChallenges: challenges.length,
    devices,
  }
}

/**
 * Devices dead (signed out, or past their end) since before `cutoff`, but for each customer's
 * newest device: a customer who has had a device is alerted of a new one (decision 080), so the
 * record that they had one stays while they bank here.
 */
async function pruneDeadDevices(db: Database, cutoff: Date): Promise<number> {
  const newer = alias(customerDevices, 'newer')
  const deleted = await db
    .delete(customerDevices)
    .where(
      and(
        or(
          and(isNotNull(customerDevices.revokedAt), lt(customerDevices.revokedAt, cutoff)),
          and(isNull(customerDevices.revokedAt), lt(customerDevices.expiresAt, cutoff)),
        ),
        exists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(and(eq(newer.userId, customerDevices.userId), gt(newer.id, customerDevices.id))),
        ),
      ),
    )
    .returning({ id: customerDevices.id })
  return deleted.length
}

/** Runs `pruneSecurityRecords` every `intervalMs` (a day by default) while the server runs. */
export function startSecurityRetentionJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  intervalMs?: number
}) {
  return startPeriodicJob({
    name: 'security records pruning',
    intervalMs: options.intervalMs ?? 24 * 3_600_000,
    log: options.log,
    round: async () => {
      const pruned = await pruneSecurityRecords(options.db, options.now())
      const total = Object.values(pruned).reduce((sum, count) => sum + count, 0)
      return total > 0
        ? `security records pruned: ${pruned.securityEvents} log events, ${pruned.signInAlerts} sign-in alerts, ${pruned.passkeyChallenges} passkey challenges, ${pruned.devices} devices`
        : null
    },
  })
}
