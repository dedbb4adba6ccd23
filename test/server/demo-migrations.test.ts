import { readFile } from 'node:fs/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coinTypes, plans, stepUpLimits } from '#server/db/schema'
import { bothDatabases } from './support/databases'
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

describe.each(bothDatabases)('the demo data steps of migrations on %s', (target) => {
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

  const coins = (t: TestApp) =>
    t.db
      .select({
        name: coinTypes.name,
        address: coinTypes.address,
        network: coinTypes.network,
        format: coinTypes.txHashFormat,
        explorer: coinTypes.explorerUrl,
      })
      .from(coinTypes)
      .orderBy(coinTypes.sortOrder)

  it("0011 moves the demo's coins to visibly test-network addresses, with their chains", async () => {
    // The demo's coins as the seed made them before 0011, as an existing demo database has them.
    const before = [
      ['Bitcoin (BTC)', 'bc1qdemo0addr3ss0not0real0for0payments0xyz'],
      ['Ethereum (ETH)', '0xDem0Addre55NotRealForPayments000000000001'],
      ['Tether (USDT TRC20)', 'TDemoAddressNotRealForPayments00001'],
    ] as const
    for (const [name, address] of before)
      await demo.db
        .update(coinTypes)
        .set({ address, network: null, txHashFormat: 'hex64-or-0x', explorerUrl: null })
        .where(eq(coinTypes.name, name))
    const steps = await dataSteps('0011_chain-payments.sql')
    expect(steps).toHaveLength(3)
    await run(demo, steps)
    const expected = [
      {
        name: 'Bitcoin (BTC)',
        address: 'tb1q6fu7pprt9kzm0d5pvm6x78p7f6pm40ju9pc2jm',
        network: 'Bitcoin testnet',
        format: 'hex64',
        explorer: 'https://mempool.space/testnet4/tx/{hash}',
      },
      {
        name: 'Ethereum (ETH)',
        address: '0xd25afdbf98f4d8d695c20967ea75cc7db38274cb',
        network: 'Ethereum Sepolia testnet',
        format: '0x-hex64',
        explorer: 'https://sepolia.etherscan.io/tx/{hash}',
      },
      {
        name: 'Tether (USDT TRC20)',
        address: 'TT1yG7VaFcsX4NTfVYAjkSCmYn5qKdeRcb',
        network: 'Tron Nile testnet',
        format: 'hex64',
        explorer: 'https://nile.tronscan.org/#/transaction/{hash}',
      },
    ]
    expect(await coins(demo)).toEqual(expected)
    await run(demo, steps)
    expect(await coins(demo)).toEqual(expected)
  })

  it("0011 leaves a bank's own coins alone, even under the demo's names", async () => {
    await bank.db
      .insert(coinTypes)
      .values({ name: 'Bitcoin (BTC)', address: 'bc1qbanksownaddress', sortOrder: 1 })
    await run(bank, await dataSteps('0011_chain-payments.sql'))
    expect(await coins(bank)).toEqual([
      {
        name: 'Bitcoin (BTC)',
        address: 'bc1qbanksownaddress',
        network: null,
        format: 'hex64-or-0x',
        explorer: null,
      },
    ])
  })
})
