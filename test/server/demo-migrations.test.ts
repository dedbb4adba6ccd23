import { readFile } from 'node:fs/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plans, stepUpLimits } from '#server/db/schema'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The hand-written data steps of migrations that give an existing demo database what a new one
 * would be seeded with (issue 21): they change the demo's rows only, never a real bank's, and
 * running them again changes nothing. A new database is migrated before it is seeded, so these
 * tests put the demo rows back as they were before the migration, then run its data steps.
 */
async function dataSteps(migration: string): Promise<string[]> {
  const text = await readFile(new URL(`../../server/db/migrations/${migration}`, import.meta.url))
  return text
    .toString()
    .split('--> statement-breakpoint')
    .map((step) => step.replace(/^\s*--.*$/gm, '').trim())
    .filter((step) => /^(UPDATE|INSERT)\b/.test(step))
}

const run = async (t: TestApp, steps: string[]) => {
  for (const step of steps) await t.db.execute(sql.raw(step))
}

const upgradePlans = (t: TestApp) =>
  t.db
    .select({ name: plans.planName, price: plans.price, description: plans.description })
    .from(plans)
    .where(eq(plans.kind, 'upgrade'))
    .orderBy(plans.planName)

describe.each(databaseTargets)('the demo data steps of migrations on %s', (target) => {
  let demo: TestApp
  let bank: TestApp
  beforeAll(async () => {
    demo = await startTestApp(target)
    bank = await startTestApp(target, { seed: false })
  })
  afterAll(async () => {
    await demo?.close()
    await bank?.close()
  })

  it("0010 prices the demo's upgrade plans and gives each its step-up limit, once", async () => {
    await demo.db
      .update(plans)
      .set({ price: null, description: null })
      .where(eq(plans.kind, 'upgrade'))
    await demo.db.delete(stepUpLimits).where(inArray(stepUpLimits.planName, ['Tier 2', 'Tier 3']))
    const steps = await dataSteps('0010_plan-prices.sql')
    expect(steps).toHaveLength(3)
    await run(demo, steps)
    const expected = [
      { name: 'Tier 2', price: 5_000, description: 'More room for everyday transfers' },
      {
        name: 'Tier 3',
        price: 15_000,
        description: 'For larger payments, such as rent or suppliers',
      },
    ]
    expect(await upgradePlans(demo)).toEqual(expected)
    const limits = () => demo.db.select().from(stepUpLimits).orderBy(stepUpLimits.planName)
    expect(await limits()).toEqual([
      { planName: 'Tier 2', limit: 500_000 },
      { planName: 'Tier 3', limit: 2_500_000 },
    ])
    // An operator's later price is kept when the steps run again.
    await demo.db
      .update(plans)
      .set({ price: 6_000 })
      .where(and(eq(plans.kind, 'upgrade'), eq(plans.planName, 'Tier 2')))
    await run(demo, steps)
    expect((await upgradePlans(demo))[0]?.price).toBe(6_000)
    expect(await limits()).toHaveLength(2)
  })

  it("0010 leaves a bank's own plans alone", async () => {
    await bank.db.insert(plans).values({ kind: 'upgrade', planName: 'Tier 2' })
    await run(bank, await dataSteps('0010_plan-prices.sql'))
    expect(await upgradePlans(bank)).toEqual([{ name: 'Tier 2', price: null, description: null }])
    expect(await bank.db.select().from(stepUpLimits)).toEqual([])
  })
})
