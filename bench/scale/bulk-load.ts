/**
 * A bulk load as PostgreSQL's manual advises ("Populating a Database"): the secondary indexes
 * and foreign keys of the tables loaded are dropped first and made again after, from their own
 * definitions as the migrations left them (pg_get_indexdef, pg_get_constraintdef), so the
 * schema afterwards is the migrations' exactly. Building an index once over sorted rows is many
 * times cheaper than updating it row by row (a trigram GIN most of all); each foreign key,
 * added again, checks every row at once; each unique index, built again, every value.
 * Primary keys stay: the foreign keys of other tables point at them.
 */
import type pg from 'pg'

interface Definition {
  table: string
  name: string
  definition: string
}

export async function loadWithoutSecondaryIndexes(
  client: pg.Client,
  tables: readonly string[],
  load: () => Promise<void>,
  progress: (line: string) => void,
) {
  const indexes = await client.query<Definition>(
    `SELECT t.relname AS table, c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)
      AND NOT i.indisprimary
      AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  )
  const foreignKeys = await client.query<Definition>(
    `SELECT t.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
    WHERE k.contype = 'f' AND t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)`,
    [tables],
  )
  for (const key of foreignKeys.rows)
    await client.query(`ALTER TABLE "${key.table}" DROP CONSTRAINT "${key.name}"`)
  for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`)

  await load()

  progress(
    `building ${indexes.rows.length} indexes, checking ${foreignKeys.rows.length} foreign keys`,
  )
  await client.query("SET maintenance_work_mem = '256MB'")
  for (const index of indexes.rows) await client.query(index.definition)
  for (const key of foreignKeys.rows)
    await client.query(`ALTER TABLE "${key.table}" ADD CONSTRAINT "${key.name}" ${key.definition}`)
}
