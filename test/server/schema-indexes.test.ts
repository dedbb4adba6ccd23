import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { getTableName, isTable, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, OpenDatabase } from '#server/db/database'
import * as schema from '#server/db/schema'
import { type Lookup, lookups, unindexedForeignKeys } from './schema-indexes.lookups'
import { databaseTargets, openTestDatabase } from './support/databases'

/**
 * The indexes a migrated database has, read from pg_catalog (docs/decisions/101): every foreign
 * key has an index led by one of its columns, unless allowed with a reason (and then the code
 * never deletes what it refers to); every lookup the code makes (schema-indexes.lookups.ts) has
 * an index led by its columns, and the code still makes it.
 */

const root = path.resolve(import.meta.dirname, '../..')

interface IndexRow {
  table: string
  name: string
  keys: string[]
  predicate: string | null
}

interface ForeignKeyRow {
  table: string
  name: string
  columns: string[]
  references: string
  onDelete: string
}

async function rowsOf<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

const indexesOf = (db: Database) =>
  rowsOf<IndexRow>(
    db,
    sql`
      SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name,
             array(SELECT pg_get_indexdef(i.indexrelid, k, true)
                   FROM generate_series(1, i.indnkeyatts) AS k ORDER BY k) AS keys,
             pg_get_expr(i.indpred, i.indrelid) AS predicate
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
      WHERE c.relnamespace = 'public'::regnamespace AND i.indisvalid`,
  )

const foreignKeysOf = (db: Database) =>
  rowsOf<ForeignKeyRow>(
    db,
    sql`
      SELECT f.conrelid::regclass::text AS table, f.conname AS name,
             array(SELECT a.attname::text FROM unnest(f.conkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.attnum
                   ORDER BY k.n) AS columns,
             f.confrelid::regclass::text AS references, f.confdeltype::text AS "onDelete"
      FROM pg_constraint f
      WHERE f.contype = 'f' AND f.connamespace = 'public'::regnamespace`,
  )

async function filesUnder(dir: string, endings: string[]): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The drizzle tables by the names the code imports them as. */
const tableNames = new Map(
  Object.entries(schema).flatMap(([exported, value]) =>
    isTable(value) ? [[exported, getTableName(value)] as const] : [],
  ),
)

/**
 * The tables the server's code ever deletes rows from as it runs: `.delete(table)` through
 * drizzle, `DELETE FROM table` in its SQL, and what a cascade deletes with them. (A migration's
 * one-off delete of old rows is not counted: it ran once, on the data of its day.)
 */
async function tablesDeletedFrom(foreignKeys: ForeignKeyRow[]): Promise<Set<string>> {
  const deleted = new Set<string>()
  const files = [
    ...(await filesUnder('server', ['.ts'])),
    ...(await filesUnder('scripts', ['.ts', '.mjs'])),
  ]
  for (const file of files) {
    const text = await readFile(file, 'utf8')
    for (const [, name] of text.matchAll(/\.delete\(\s*(\w+)\s*\)/g)) {
      const table = tableNames.get(name as string)
      if (table) deleted.add(table)
    }
    for (const [, table] of text.matchAll(/\bdelete\s+from\s+"?(\w+)"?/gi))
      deleted.add((table as string).toLowerCase())
  }
  for (let grew = true; grew; ) {
    grew = false
    for (const key of foreignKeys)
      if (key.onDelete === 'c' && deleted.has(key.references) && !deleted.has(key.table)) {
        deleted.add(key.table)
        grew = true
      }
  }
  return deleted
}

const keyName = (key: ForeignKeyRow) => `${key.table}.${key.columns.join(', ')}`

/** The foreign keys no valid, whole index leads with one of their columns. */
const unindexedKeys = (foreignKeys: ForeignKeyRow[], indexes: IndexRow[]) =>
  foreignKeys
    .filter(
      (key) =>
        !indexes.some(
          (index) =>
            index.table === key.table &&
            index.predicate === null &&
            key.columns.includes(index.keys[0] ?? ''),
        ),
    )
    .map(keyName)

/** The indexes whose leading keys are the lookup's columns, in order (and its predicate). */
const indexesServing = (lookup: Lookup, indexes: IndexRow[]) =>
  indexes.filter(
    (index) =>
      index.table === lookup.table &&
      index.predicate === (lookup.where ?? null) &&
      lookup.columns.every((column, at) => index.keys[at] === column),
  )

describe.each(databaseTargets)('the indexes of a migrated database on %s', (target) => {
  let opened: OpenDatabase
  let indexes: IndexRow[]
  let foreignKeys: ForeignKeyRow[]

  beforeAll(async () => {
    opened = await openTestDatabase(target)
    indexes = await indexesOf(opened.db)
    foreignKeys = await foreignKeysOf(opened.db)
  })
  afterAll(() => opened.close())

  it('has an index led by a column of every foreign key, or a reason it needs none', () => {
    expect(foreignKeys.length).toBeGreaterThan(30)
    const missing = unindexedKeys(foreignKeys, indexes)
    expect(missing.filter((name) => !(name in unindexedForeignKeys))).toEqual([])
    // An allowance that no longer applies (the key got an index, or is gone) is taken out.
    expect(Object.keys(unindexedForeignKeys).filter((name) => !missing.includes(name))).toEqual([])
  })

  it('allows an unindexed foreign key only where the code never deletes what it refers to', async () => {
    const deleted = await tablesDeletedFrom(foreignKeys)
    // The scan sees the deletes the code makes (a sanity check of the scan itself).
    for (const table of ['customer_devices', 'one_time_codes', 'stored_files'])
      expect(deleted.has(table), table).toBe(true)
    const allowed = foreignKeys.filter((key) => keyName(key) in unindexedForeignKeys)
    expect(
      allowed.filter((key) => deleted.has(key.references)).map(keyName),
      'foreign keys whose referenced rows are deleted: each delete scans the table',
    ).toEqual([])
  })

  it.each(lookups)(
    'serves $table by ($columns) with an index led by them: $why',
    async (lookup) => {
      const text = await readFile(path.join(root, lookup.file), 'utf8')
      expect(text, `${lookup.file} no longer reads ${lookup.reads}`).toContain(lookup.reads)
      expect(
        indexesServing(lookup, indexes).map((index) => index.name),
        `${lookup.table}: ${JSON.stringify(indexes.filter((index) => index.table === lookup.table))}`,
      ).not.toEqual([])
    },
  )

  // Last: it drops indexes of this file's own database.
  it('fails when an index it needs is missing (dropped here to see it)', async () => {
    await opened.db.execute(sql`DROP INDEX sessions_device_idx`)
    await opened.db.execute(sql`DROP INDEX mail_outbox_recipient_idx`)
    const left = await indexesOf(opened.db)
    expect(unindexedKeys(foreignKeys, left)).toContain('sessions.device_id')
    const signupCheck = lookups.find((lookup) => lookup.table === 'mail_outbox') as Lookup
    expect(indexesServing(signupCheck, left)).toEqual([])
  })
})
