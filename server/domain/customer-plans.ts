import { asc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { customerPlanCounts, plans } from '../db/schema'

/**
 * How many customers each plan has, from the counts a trigger on `users` keeps
 * (docs/decisions/103): constant cost however many customers there are.
 */

/** Customers on `plan`, or every customer when it is null. */
export async function audienceSize(db: Queryable, plan: string | null): Promise<number> {
  const [row] = await db
    .select({ customers: sql<string>`coalesce(sum(${customerPlanCounts.customers}), 0)::text` })
    .from(customerPlanCounts)
    .where(plan === null ? undefined : eq(customerPlanCounts.plan, plan))
  return Number(row?.customers ?? 0)
}

/**
 * Every audience a broadcast may have: every customer, then each upgrade plan (in the plans'
 * order) and any other plan a customer is on now, each with its customers.
 */
export async function audiences(db: Queryable) {
  const counted = await db
    .select({ plan: customerPlanCounts.plan, customers: customerPlanCounts.customers })
    .from(customerPlanCounts)
    .orderBy(asc(customerPlanCounts.plan))
  const offered = await db
    .select({ plan: plans.planName })
    .from(plans)
    .where(eq(plans.kind, 'upgrade'))
    .orderBy(plans.sortOrder)
  const customersOn = new Map(
    counted.filter((row) => row.customers > 0).map((row) => [row.plan, Number(row.customers)]),
  )
  const names = [...new Set([...offered.map((row) => row.plan), ...customersOn.keys()])]
  const everyone = [...customersOn.values()].reduce((sum, n) => sum + n, 0)
  return [
    { plan: null, customers: everyone },
    ...names.map((plan) => ({ plan, customers: customersOn.get(plan) ?? 0 })),
  ]
}
