import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { bankSettings, stepUpLimits } from '../db/schema'

/** The service charge when the bank has configured none: 10 % (spec section 9). */
export const defaultServiceChargeBasisPoints = 1000

export async function serviceChargeBasisPoints(db: Queryable): Promise<number> {
  const [row] = await db.select({ bps: bankSettings.serviceChargeBasisPoints }).from(bankSettings)
  return row?.bps ?? defaultServiceChargeBasisPoints
}

/** The charge on an amount, rounded to the nearest minor unit (half up). */
export const serviceCharge = (amount: number, basisPoints: number) =>
  Math.round((amount * basisPoints) / 10_000)

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
