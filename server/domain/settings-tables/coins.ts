import { asc } from 'drizzle-orm'
import { coinTypes } from '../../db/schema'
import type { AreaTables } from './area-tables'

/** Coins and their deposit addresses: `coin_types`, in its sort order. */
export const coinTables: AreaTables<'coins'> = {
  async read(db) {
    const rows = await db
      .select()
      .from(coinTypes)
      .orderBy(asc(coinTypes.sortOrder), asc(coinTypes.id))
    return {
      coins: rows.map((row) => ({
        name: row.name,
        address: row.address,
        network: row.network,
        hash_format: row.txHashFormat,
        explorer: row.explorerUrl,
        offered: row.active,
      })),
    }
  },
  async apply(tx, content) {
    for (const [index, coin] of content.coins.entries()) {
      const values = {
        address: coin.address,
        network: coin.network,
        txHashFormat: coin.hash_format,
        explorerUrl: coin.explorer,
        active: coin.offered,
        sortOrder: index + 1,
      }
      await tx
        .insert(coinTypes)
        .values({ name: coin.name, ...values })
        .onConflictDoUpdate({ target: coinTypes.name, set: values })
    }
    return ''
  },
}
