import { and, asc, eq, notInArray } from 'drizzle-orm'
import { plans } from '../../db/schema'
import type { AreaTables } from './area-tables'

type Kind = 'fixed_deposit' | 'upgrade'

/** Plans: `plans`, fixed deposits and upgrades, each kind in its sort order. */
export const planTables: AreaTables<'plans'> = {
  async read(db) {
    const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id))
    return {
      fixed_deposits: rows
        .filter((row) => row.kind === 'fixed_deposit')
        .map((row) => ({
          name: row.planName,
          term_days: row.termDays ?? 0,
          rate: row.rateBasisPoints ?? 0,
          description: row.description,
        })),
      upgrades: rows
        .filter((row) => row.kind === 'upgrade')
        .map((row) => ({ name: row.planName, price: row.price, description: row.description })),
    }
  },
  async apply(tx, content) {
    const kinds: [Kind, { name: string }[]][] = [
      ['fixed_deposit', content.fixed_deposits],
      ['upgrade', content.upgrades],
    ]
    for (const [kind, rows] of kinds) {
      const names = rows.map((row) => row.name)
      await tx
        .delete(plans)
        .where(
          names.length > 0
            ? and(eq(plans.kind, kind), notInArray(plans.planName, names))
            : eq(plans.kind, kind),
        )
    }
    for (const [index, plan] of content.fixed_deposits.entries()) {
      const values = {
        termDays: plan.term_days,
        rateBasisPoints: plan.rate,
        price: null,
        description: plan.description,
        sortOrder: index + 1,
      }
      await tx
        .insert(plans)
        .values({ kind: 'fixed_deposit', planName: plan.name, ...values })
        .onConflictDoUpdate({ target: [plans.kind, plans.planName], set: values })
    }
    for (const [index, plan] of content.upgrades.entries()) {
      const values = {
        termDays: null,
        rateBasisPoints: null,
        price: plan.price,
        description: plan.description,
        sortOrder: index + 1,
      }
      await tx
        .insert(plans)
        .values({ kind: 'upgrade', planName: plan.name, ...values })
        .onConflictDoUpdate({ target: [plans.kind, plans.planName], set: values })
    }
    return ''
  },
}
