import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankSettings, stepUpLimits } from '../db/schema'

/** The service charge when the bank has configured none: 10 % (spec section 9). */
export const defaultServiceChargeBasisPoints = 1000

/** Above which amount a transfer needs a step-up code when the bank has set none: 1,000.00. */
export const defaultStepUpLimit = 100_000

export async function serviceChargeBasisPoints(db: Queryable): Promise<number> {
  const [row] = await db.select({ bps: bankSettings.serviceChargeBasisPoints }).from(bankSettings)
  return row?.bps ?? defaultServiceChargeBasisPoints
}

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
    limit: planLimit?.limit ?? settings?.limit ?? defaultStepUpLimit,
    newPayee: settings?.newPayee ?? true,
  }
}
