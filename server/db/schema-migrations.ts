import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { projectFile } from '../project-root'
import type { Database } from './database'

/**
 * The schema's migrations (server/db/migrations, written by drizzle-kit) and the two things done
 * with them: applying those a database lacks (`npm run migrate`, or a server with
 * MIGRATE_AT_START), and telling whether a database lacks any (every server, before it serves).
 * They are recorded in drizzle's own table, drizzle.__drizzle_migrations, as drizzle's migrator
 * records them, so databases migrated by earlier releases read the same (docs/decisions/108).
 */

export const migrationsFolder = projectFile('server/db/migrations')

/**
 * The advisory lock key of schema and start-up work (any fixed number; this one spells "portal").
 * Always taken per transaction (pg_advisory_xact_lock): a session's lock would outlive its
 * transaction on a pooled connection behind PgBouncer (docs/decisions/109).
 */
export const startupLockKey = 0x706f7274616c

export interface Migration {
  /** Its file's name without .sql, e.g. 0028_kyc-document-details. */
  tag: string
  /** drizzle-kit's time of generation: the order, and what the table records. */
  createdAt: number
  hash: string
  statements: string[]
}

/** The migrations this release ships, oldest first. */
export function shippedMigrations(): Migration[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] }
  // drizzle reads the journal's entries in the same order.
  const files = readMigrationFiles({ migrationsFolder })
  return journal.entries.map((entry, index) => {
    const file = files[index]
    if (!file) throw new Error(`migration ${entry.tag} is in the journal but not readable`)
    return { tag: entry.tag, createdAt: file.folderMillis, hash: file.hash, statements: file.sql }
  })
}

const table = sql`drizzle.__drizzle_migrations`

type Queryable = Pick<Database, 'execute'>

/** The rows of a raw statement: both drivers answer with `rows`. */
const rowsOf = async <Row>(answer: Promise<unknown>) => ((await answer) as { rows: Row[] }).rows

/** When the newest migration the database records was made, or null for none (or no table). */
async function newestApplied(db: Queryable): Promise<number | null> {
  const [found] = await rowsOf<{ name: string | null }>(
    db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  )
  if (!found?.name) return null
  const [newest] = await rowsOf<{ newest: string | number | null }>(
    db.execute(sql`select max(created_at) as newest from ${table}`),
  )
  return newest?.newest == null ? null : Number(newest.newest)
}

/** Those of `migrations` a database whose newest is `newest` has not applied (drizzle's rule). */
const pendingAfter = (migrations: Migration[], newest: number | null) =>
  migrations.filter((migration) => newest === null || migration.createdAt > newest)

/** The shipped migrations the database has not applied, oldest first; none when it is current. */
export async function pendingMigrations(db: Queryable): Promise<Migration[]> {
  return pendingAfter(shippedMigrations(), await newestApplied(db))
}

/**
 * Applies the shipped migrations the database lacks, all in one transaction that first takes
 * the start-up lock: two migrators at once take turns, and the second finds nothing to do. A
 * database migrated by a newer release (its newest migration is newer than any shipped here)
 * is left as it is. Resolves with the tags applied.
 */
export async function migrateSchema(db: Database): Promise<string[]> {
  const migrations = shippedMigrations()
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${startupLockKey})`)
    await tx.execute(sql`create schema if not exists drizzle`)
    await tx.execute(
      sql`create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`,
    )
    const pending = pendingAfter(migrations, await newestApplied(tx))
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`insert into ${table} (hash, created_at) values (${migration.hash}, ${migration.createdAt})`,
      )
    }
    return pending.map((migration) => migration.tag)
  })
}

/** A database behind the schema this server expects: it refuses to serve (docs/decisions/108). */
export class SchemaBehindError extends Error {
  constructor(readonly pending: string[]) {
    const listed =
      pending.length > 3
        ? `${pending.slice(0, 3).join(', ')} and ${pending.length - 3} more`
        : pending.join(', ')
    super(
      `the database's schema is behind this release: ${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied (${listed}). Run \`npm run migrate\` with the same DATABASE_URL (or DATA_DIR), then start the server again; MIGRATE_AT_START=true makes the server migrate by itself (docs/operations.md, upgrades).`,
    )
  }
}

/** The newest shipped migration's time, read once: what a current database has applied. */
let newestShipped: number | undefined

/**
 * Whether the database has applied every shipped migration (a database a newer release has
 * migrated is ahead, which is current enough: expand/contract). Two small queries: readiness
 * probes ask it every second.
 */
export async function schemaIsCurrent(db: Queryable): Promise<boolean> {
  newestShipped ??= Math.max(...shippedMigrations().map((migration) => migration.createdAt))
  const newest = await newestApplied(db)
  return newest !== null && newest >= newestShipped
}

/** Throws SchemaBehindError when the database lacks any shipped migration. */
export async function checkSchema(db: Queryable): Promise<void> {
  const pending = await pendingMigrations(db)
  if (pending.length > 0) throw new SchemaBehindError(pending.map((migration) => migration.tag))
}
