import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import type { KeyRing } from './key-ring'
import type { SealedStore } from './sealed-store'
import { open, type SealedKind, seal } from './sealing'

/**
 * A sealed store kept in text columns of one table (sealed-store.ts): each row is one item, each
 * named column holds a sealed value of `kind`, or null, or '' (nothing: a pruned body).
 */
export function columnStore(options: {
  name: string
  table: string
  columns: readonly string[]
  kind: SealedKind
}): SealedStore {
  const { kind } = options
  const table = sql.identifier(options.table)
  const columns = options.columns.map((column) => sql.identifier(column))
  const sealed = (column: SQLWrapper) =>
    sql`(${column} <> '' and split_part(${column}, '.', 1) in (${kind.tag}, ${kind.legacyTag}))`
  const keyIdOf = (column: SQLWrapper) =>
    sql`case when split_part(${column}, '.', 1) = ${kind.tag} then split_part(${column}, '.', 2) end`
  const notUnderNewest = (ring: KeyRing) =>
    sql.join(
      columns.map(
        (column) =>
          sql`(${sealed(column)} and (split_part(${column}, '.', 1) <> ${kind.tag} or split_part(${column}, '.', 2) <> ${ring.newest.id}))`,
      ),
      sql` or `,
    )
  const reseal = (value: string | null, ring: KeyRing) =>
    value === null || value === '' ? value : seal(kind, open(kind, value, ring), ring)

  return {
    name: options.name,
    async keysInUse(db) {
      const values = sql.join(
        columns.map(
          (column) =>
            sql`select ${keyIdOf(column)} as key_id, ${column} as value from ${table} where ${sealed(column)}`,
        ),
        sql` union all `,
      )
      const rows = await rowsOf<{ key_id: string | null; sample: string }>(
        db,
        sql`select key_id, min(value) as sample from (${values}) as sealed_values group by key_id`,
      )
      return rows.map((row) => ({ keyId: row.key_id, sample: row.sample }))
    },
    opens(sample, ring) {
      try {
        open(kind, sample, ring)
        return true
      } catch {
        return false
      }
    },
    async countNotUnderNewest(db, ring) {
      // A ring of one key: every value is under it, whatever its form (sealing.ts).
      if (ring.keys.length === 1) return 0
      const [row] = await rowsOf<{ n: number | string }>(
        db,
        sql`select count(*) as n from ${table} where ${notUnderNewest(ring)}`,
      )
      return Number(row?.n ?? 0)
    },
    async resealBatch(db, ring, limit) {
      if (ring.keys.length === 1) return 0
      const selected = sql.join(columns, sql`, `)
      const rows = await rowsOf<Record<string, string | number | null>>(
        db,
        sql`select id, ${selected} from ${table} where ${notUnderNewest(ring)} order by id limit ${limit}`,
      )
      let resealed = 0
      for (const row of rows) {
        let values: (string | null)[]
        try {
          values = options.columns.map((column) => reseal(row[column] as string | null, ring))
        } catch {
          continue // damaged: it stays as it is, and is counted as not re-sealed
        }
        // Only if nothing changed it since it was read (a body sent and pruned meanwhile).
        const sets = sql.join(
          columns.map((column, index) => sql`${column} = ${values[index] ?? null}`),
          sql`, `,
        )
        const unchanged = sql.join(
          columns.map(
            (column, index) =>
              sql`${column} is not distinct from ${row[options.columns[index] as string] ?? null}`,
          ),
          sql` and `,
        )
        const updated = await rowsOf<{ id: number }>(
          db,
          sql`update ${table} set ${sets} where id = ${row.id} and ${unchanged} returning id`,
        )
        if (updated.length > 0) resealed++
      }
      return resealed
    },
  }
}

async function rowsOf<R>(db: Queryable, query: SQL): Promise<R[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: R[] }).rows
}
