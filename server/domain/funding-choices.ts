import { and, asc, eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { coinTypes, paymentPurposes, plans, stepUpLimits } from '../db/schema'

/**
 * What the bank offers on its request forms (deposit, payment, fixed deposit, upgrade): coins
 * with their deposit addresses and chains, payment purposes, plans. Read by the forms and
 * checked against by the requests (docs/decisions/032 and 066).
 */

/** The active coins, in the bank's order, with their address and chain settings. */
export function offeredCoins(db: Queryable) {
  return db
    .select({
      name: coinTypes.name,
      address: coinTypes.address,
      network: coinTypes.network,
      hashFormat: coinTypes.txHashFormat,
    })
    .from(coinTypes)
    .where(eq(coinTypes.active, true))
    .orderBy(asc(coinTypes.sortOrder), asc(coinTypes.id))
}

/** An offered coin's chain settings, or undefined for a coin the bank does not offer. */
export async function offeredCoin(db: Queryable, name: string) {
  const [coin] = await db
    .select({ hashFormat: coinTypes.txHashFormat })
    .from(coinTypes)
    .where(and(eq(coinTypes.name, name), eq(coinTypes.active, true)))
  return coin
}

export function paymentPurposeNames(db: Queryable) {
  return db
    .select({ name: paymentPurposes.purposeName })
    .from(paymentPurposes)
    .orderBy(asc(paymentPurposes.id))
}

export async function isPaymentPurpose(db: Queryable, name: string): Promise<boolean> {
  const found = await db
    .select({ id: paymentPurposes.id })
    .from(paymentPurposes)
    .where(eq(paymentPurposes.purposeName, name))
  return found.length > 0
}

export type PlanKind = 'fixed_deposit' | 'upgrade'

/** A form's plans in the bank's order, each with the step-up limit it brings (031), if any. */
export function offeredPlans(db: Queryable, kind: PlanKind) {
  return db
    .select({ plan: plans, stepUpLimit: stepUpLimits.limit })
    .from(plans)
    .leftJoin(stepUpLimits, eq(stepUpLimits.planName, plans.planName))
    .where(eq(plans.kind, kind))
    .orderBy(asc(plans.sortOrder), asc(plans.id))
}

/** An offered plan with its price (null: any amount is taken), or undefined for no such plan. */
export async function offeredPlan(db: Queryable, kind: PlanKind, name: string) {
  const [plan] = await db
    .select({ price: plans.price })
    .from(plans)
    .where(and(eq(plans.kind, kind), eq(plans.planName, name)))
  return plan
}
