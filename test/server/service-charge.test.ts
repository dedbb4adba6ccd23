import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basisPointsOf as serviceCharge } from '#api/money'
import type { OpenDatabase } from '#server/db/database'
import { bankSettings } from '#server/db/schema'
import { databaseTargets, openTestDatabase } from './support/databases'

/** Half up to a cent, in exact integers: what both rules must give. */
const exactly = (amount: number, basisPoints: number) =>
  Number((BigInt(amount) * BigInt(basisPoints) + 5_000n) / 10_000n)

/** Amounts around every rounding edge, small and up to the largest an amount can be (13 digits). */
function amounts(count: number) {
  const chosen = [1, 4, 5, 9, 10, 99, 100, 110, 5_000, 9_999, 10_000, 10_001, 99_999_999_999_999]
  let seed = 59
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
  while (chosen.length < count) {
    const digits = 1 + Math.floor(random() * 15)
    chosen.push(1 + Math.floor(random() * 10 ** digits))
  }
  return chosen.map((amount) => Math.min(amount, 99_999_999_999_999))
}

const basisPoints = [
  0, 1, 35, 57, 99, 100, 113, 250, 333, 999, 1000, 1033, 2501, 5000, 9999, 10_000,
]

describe('the service charge rule', () => {
  it('rounds half up to a cent, exactly, where a float product did not', () => {
    expect(serviceCharge(11_000, 35)).toBe(39)
    expect(serviceCharge(5_000, 57)).toBe(29)
    for (const amount of amounts(2_000))
      for (const bps of basisPoints) expect(serviceCharge(amount, bps)).toBe(exactly(amount, bps))
  })
})

describe.each(databaseTargets)(
  'the service charge in SQL (transfer_service_charge_v1) on %s',
  (target) => {
    let database: OpenDatabase
    beforeAll(async () => {
      database = await openTestDatabase(target)
    })
    afterAll(() => database.close())

    /** The SQL rule over many amounts at once, at the setting `bps`. */
    async function inSql(list: number[]) {
      const result = await database.db.execute(
        sql`select transfer_service_charge_v1(a.amount)::text as charge
        from unnest(${`{${list.join(',')}}`}::bigint[]) with ordinality a(amount, n) order by n`,
      )
      return (result as unknown as { rows: { charge: string }[] }).rows.map((row) =>
        Number(row.charge),
      )
    }

    it('gives what serviceCharge gives, for every amount and setting tried', async () => {
      const list = amounts(3_000)
      await database.db.insert(bankSettings).values({ id: 1 }).onConflictDoNothing()
      for (const bps of basisPoints) {
        await database.db.update(bankSettings).set({ serviceChargeBasisPoints: bps })
        expect(await inSql(list)).toEqual(list.map((amount) => serviceCharge(amount, bps)))
      }
    })

    it('charges the default (10 %) when the bank has no settings row', async () => {
      await database.db.delete(bankSettings)
      expect(await inSql([1_005, 100_000])).toEqual([101, 10_000])
    })
  },
)
