import { availableParallelism } from 'node:os'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { type RunPhase, silentPhases } from '../phases'
import { retryWhileDatabaseAway } from './errors'
import * as schema from './schema'
import { checkSchema, migrateSchema, startupLockKey } from './schema-migrations'

export type Schema = typeof schema
/** The app's database handle: the same drizzle API over PGlite or PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Database | Transaction

export interface OpenDatabase {
  db: Database
  /** Where the data lives, for the start-up banner (never includes a password). */
  description: string
  /**
   * Runs `work` while no other server process on this database runs its own `exclusive` work
   * nor migrates (a PostgreSQL advisory lock): seeding when several servers start at once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Whether other server processes may open this database too (PostgreSQL, not PGlite). */
  shared: boolean
  /** The pool's connections now (PostgreSQL; the embedded database has no pool). */
  connections?: () => { open: number; idle: number; waiting: number }
  close(): Promise<void>
}

/**
 * Runs `work` inside a transaction that holds the start-up lock, on a connection of its own
 * while `work` uses the others. A transaction's lock (not a session's) ends with it wherever the
 * connection goes next: behind PgBouncer in transaction pooling a session's lock would stay on
 * whichever server connection took it (docs/decisions/109).
 */
const holdingStartupLock = <T>(db: Database, work: () => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${startupLockKey})`)
    return work()
  })

const drizzleOptions = { schema, casing: 'snake_case' } as const

/**
 * Connections to PostgreSQL when none is configured: one per core of this machine and one more.
 * Statements beyond that wait in the pool rather than in the kernel's run queue, where more
 * backends than cores cost PostgreSQL more CPU per statement (docs/decisions/063). No connection
 * is held while anything else is awaited (hashing runs outside transactions), so a few suffice.
 * Never fewer than 2: start-up holds one for its advisory lock while its seeding needs another.
 */
export const defaultPoolSize = () => availableParallelism() + 1

const appliedWords = (tags: string[]) =>
  tags.length === 0
    ? 'nothing to apply'
    : tags.length <= 3
      ? `applied ${tags.join(', ')}`
      : `applied ${tags.length} migrations, ${tags[0]} to ${tags.at(-1)}`

/**
 * Opens PostgreSQL at `databaseUrl`, or an embedded PGlite in `dataDir` (in memory when null).
 * With `migrate`, applies the migrations it lacks; without, refuses (SchemaBehindError) a
 * database behind this release's schema (docs/decisions/108). `phases` reports the opening and
 * the migration or check as start-up phases.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  /** Connections to PostgreSQL; `defaultPoolSize()` when not given. */
  poolSize?: number | undefined
  /**
   * Whether statements the server names (its hot reads and the transfer) are prepared once per
   * connection; off behind a pooler that cannot keep them (docs/decisions/109). Default on.
   */
  preparedStatements?: boolean | undefined
  dataDir: string | null
  /** Apply missing migrations (true), or only check that none is missing (false). */
  migrate: boolean
  onIdleError?: (error: Error) => void
  phases?: RunPhase
}): Promise<OpenDatabase> {
  const phase = options.phases ?? silentPhases
  const schemaWork = async (db: Database) => {
    // A database that answered the connection but restarts meanwhile is waited for.
    if (!options.migrate)
      return phase('checking the schema', () => retryWhileDatabaseAway(() => checkSchema(db)))
    await phase(
      'migrating',
      () => retryWhileDatabaseAway(() => migrateSchema(db)),
      (applied, took) => `${appliedWords(applied)}, done in ${took}`,
    )
  }
  // Each database's driver loads only when it is the one opened: a server on PostgreSQL never
  // loads PGlite's JavaScript, nor one on PGlite pg's (docs/decisions/084).
  if (options.databaseUrl) {
    const [{ drizzle: drizzlePostgres }, { TransactionSafePool }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('./pool'),
    ])
    const pool = new TransactionSafePool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
      preparedStatements: options.preparedStatements ?? true,
    })
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error))
    // A connection ended by the server while checked out (a transaction waiting on argon2id, a
    // send) emits 'error' with no listener of the pool's: without this one the process dies.
    // The query under way fails, and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error))
    })
    const db = drizzlePostgres(pool, drizzleOptions) as unknown as Database
    const url = new URL(options.databaseUrl)
    url.password = ''
    try {
      await phase(`connecting to PostgreSQL ${url.host}${url.pathname}`, async () => {
        await pool.query('select 1')
      })
      await schemaWork(db)
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db,
      description: `PostgreSQL ${url.host}${url.pathname}`,
      exclusive: (work) => holdingStartupLock(db, work),
      shared: true,
      connections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    }
  }
  const [{ drizzle: drizzlePglite }, { openPglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('./pglite'),
  ])
  const { dataDir } = options
  const client = await phase(`opening the embedded database in ${dataDir ?? 'memory'}`, () =>
    openPglite(dataDir ?? null),
  )
  const db = drizzlePglite(client, drizzleOptions) as unknown as Database
  try {
    await schemaWork(db)
  } catch (error) {
    await client.close()
    throw error
  }
  return {
    db,
    description: options.dataDir
      ? `embedded PGlite in ${options.dataDir}`
      : 'embedded PGlite in memory',
    // One process owns the embedded database.
    exclusive: (work) => work(),
    shared: false,
    close: () => client.close(),
  }
}
