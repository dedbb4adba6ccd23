import { eq, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankSettings, stepUpLimits } from '../db/schema'

/** The service charge when the bank has configured none: 10 % (spec section 9). */
export const defaultServiceChargeBasisPoints = 1000

export async function serviceChargeBasisPoints(db: Queryable): Promise<number> {
  const [row] = await db.select({ bps: bankSettings.serviceChargeBasisPoints }).from(bankSettings)
  return row?.bps ?? defaultServiceChargeBasisPoints
}

/**
 * The service charge of a positive bigint `amount`, in SQL, at the bank's setting as the
 * statement reads it: the confirm screen's rule, `basisPointsOf`, in the same integer steps (the
 * whole ten-thousands times the basis points, plus the rest's share rounded half up), so it never
 * overflows a bigint and never differs from the JavaScript (test/server/service-charge.test.ts
 * checks both on many amounts).
 */
export const serviceChargeSql = (amount: SQL): SQL => sql`(
  select (${amount} / 10000) * bps + (${amount} % 10000 * bps + 5000) / 10000
  from (select coalesce((select service_charge_basis_points from bank_settings),
    ${sql.raw(String(defaultServiceChargeBasisPoints))})::bigint as bps) setting)`

/** How customers reach the bank (`config contact`); null where it is not set. */
export async function bankContact(db: Queryable) {
  const [settings] = await db
    .select({
      whatsapp: bankSettings.contactWhatsapp,
      email: bankSettings.contactEmail,
      phone: bankSettings.contactPhone,
    })
    .from(bankSettings)
  return {
    whatsapp: settings?.whatsapp ?? null,
    email: settings?.email ?? null,
    phone: settings?.phone ?? null,
  }
}

/** Above which amount the customer's plan needs a step-up code, and whether new payees do. */
export async function stepUpPolicy(db: Queryable, plan: string) {
  const [settings] = await db
    .select({ limit: bankSettings.stepUpLimit, newPayee: bankSettings.stepUpNewPayee })
    .from(bankSettings)
  const [planLimit] = await db
    .select({ limit: stepUpLimits.limit })
    .from(stepUpLimits)
    .where(eq(stepUpLimits.planName, plan))
  return {
    limit: planLimit?.limit ?? settings?.limit ?? 100_000,
    newPayee: settings?.newPayee ?? true,
  }
}
