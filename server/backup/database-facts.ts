import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { shippedMigrations } from '../db/schema-migrations'
import { checkAuditChain } from '../domain/audit-chain'
import { sumEveryAccount } from '../domain/reconciliation'
import { sealedStores } from '../keys/sealed-stores'

/**
 * What a backup's manifest says of the database, read in one snapshot (docs/decisions/114), and
 * read again from the restored database to show that it is the same bank: the schema's version,
 * every table's rows, the books, the audit chain's end and the ids of the keys its sealed values
 * need (never a key).
 */
export interface DatabaseFacts {
  schema: {
    /** Migrations drizzle.__drizzle_migrations records. */
    migrations: number
    /** drizzle-kit's time of the newest applied migration; null for none. */
    newestCreatedAt: number | null
    /** Its tag when this release ships it; null when it is newer than this release. */
    newestTag: string | null
  }
  /** Rows of each table, by `schema.table`. */
  rows: Record<string, number>
  /** The reconciliation's sums, minor units as text; `difference` is 0 when the books balance. */
  books: {
    currency: string
    customerBalance: string
    customerHeld: string
    fixedDeposits: string
    difference: string
  }
  auditChain: { holds: boolean; entries: number; lastHash: string | null; problem?: string }
  /** Per sealed store, the key ids its values name (null: sealed before key ids). */
  keysInUse: { store: string; keyIds: (string | null)[] }[]
}

const rowsOf = async <Row>(answer: Promise<unknown>) => ((await answer) as { rows: Row[] }).rows

async function schemaVersion(db: Queryable): Promise<DatabaseFacts['schema']> {
  const [table] = await rowsOf<{ name: string | null }>(
    db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  )
  if (!table?.name) return { migrations: 0, newestCreatedAt: null, newestTag: null }
  const [row] = await rowsOf<{ migrations: number; newest: string | null }>(
    db.execute(
      sql`select count(*)::int as migrations, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    ),
  )
  const newest = row?.newest == null ? null : Number(row.newest)
  const tag = shippedMigrations().find((migration) => migration.createdAt === newest)?.tag ?? null
  return { migrations: row?.migrations ?? 0, newestCreatedAt: newest, newestTag: tag }
}

/** The tables of the portal's schemas (public and drizzle's own), with exact counts. */
async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    db.execute(sql`select schemaname as schema, tablename as name from pg_tables
      where schemaname in ('public', 'drizzle') order by schemaname, tablename`),
  )
  const counts: Record<string, number> = {}
  for (const { schema, name } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      db.execute(
        sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
      ),
    )
    counts[`${schema}.${name}`] = row?.n ?? 0
  }
  return counts
}

export async function readDatabaseFacts(db: Queryable): Promise<DatabaseFacts> {
  const schema = await schemaVersion(db)
  const rows = await rowCounts(db)
  const { currency, figures } = await sumEveryAccount(db)
  const chain = await checkAuditChain(db)
  const keysInUse: DatabaseFacts['keysInUse'] = []
  for (const store of sealedStores)
    keysInUse.push({
      store: store.name,
      keyIds: (await store.keysInUse(db)).map(({ keyId }) => keyId),
    })
  return {
    schema,
    rows,
    books: {
      currency,
      customerBalance: String(figures.customers.balance),
      customerHeld: String(figures.customers.held),
      fixedDeposits: String(figures.fixedDeposits.balance),
      difference: String(figures.difference),
    },
    auditChain: chain.holds
      ? { holds: true, entries: chain.entries, lastHash: chain.lastHash }
      : { holds: false, entries: chain.entries, lastHash: null, problem: chain.problem },
    keysInUse,
  }
}

/** Where two readings differ, as sentences; none when they are the same bank. */
export function factDifferences(expected: DatabaseFacts, found: DatabaseFacts): string[] {
  const differences: string[] = []
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  if (!same(expected.schema, found.schema))
    differences.push(
      `the schema: the backup has ${expected.schema.migrations} migrations, the database ${found.schema.migrations}`,
    )
  const tables = new Set([...Object.keys(expected.rows), ...Object.keys(found.rows)])
  for (const table of [...tables].sort())
    if (expected.rows[table] !== found.rows[table])
      differences.push(
        `${table}: ${expected.rows[table] ?? 'no table'} rows in the backup, ${found.rows[table] ?? 'no table'} restored`,
      )
  if (!same(expected.books, found.books))
    differences.push(
      `the books: difference ${expected.books.difference} in the backup, ${found.books.difference} restored`,
    )
  if (!same(expected.auditChain, found.auditChain))
    differences.push(
      `the audit chain: ${expected.auditChain.lastHash ?? 'broken'} in the backup, ${found.auditChain.lastHash ?? `broken (${found.auditChain.problem})`} restored`,
    )
  if (!same(expected.keysInUse, found.keysInUse))
    differences.push('the key ids the sealed values name')
  return differences
}

/** The key ids a restored database needs in MAIL_KEYS, and whether some predate key ids. */
export function keysNeeded(facts: DatabaseFacts): { ids: string[]; beforeKeyIds: boolean } {
  const all = facts.keysInUse.flatMap((store) => store.keyIds)
  return {
    ids: [...new Set(all.filter((id): id is string => id !== null))].sort(),
    beforeKeyIds: all.includes(null),
  }
}
