import { availableParallelism } from 'node:os'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { type RunPhase, silentPhases } from '../phases'
import { projectFile } from '../project-root'
import * as schema from './schema'

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
   * (a PostgreSQL advisory lock): migrations and seeding when several servers start at once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /** Whether other server processes may open this database too (PostgreSQL, not PGlite). */
  shared: boolean
  /** The pool's connections now (PostgreSQL; the embedded database has no pool). */
  connections?: () => { open: number; idle: number; waiting: number }
  close(): Promise<void>
}

/** The advisory lock key of start-up work (any fixed number; this one spells "portal"). */
const startupLockKey = 0x706f7274616c

async function holdingAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1)', [startupLockKey])
    return await work()
  } finally {
    // A lock whose connection was cut is already released with it.
    await client.query('select pg_advisory_unlock($1)', [startupLockKey]).catch((error) => {
      broken = error
    })
    client.release(broken)
  }
}

const migrationsFolder = projectFile('server/db/migrations')
const drizzleOptions = { schema, casing: 'snake_case' } as const

/**
 * Connections to PostgreSQL when none is configured: one per core of this machine and one more.
 * Statements beyond that wait in the pool rather than in the kernel's run queue, where more
 * backends than cores cost PostgreSQL more CPU per statement (docs/decisions/063). No connection
 * is held while anything else is awaited (hashing runs outside transactions), so a few suffice.
 * Never fewer than 2: start-up holds one for its advisory lock while its migrations need another.
 */
export const defaultPoolSize = () => availableParallelism() + 1

/**
 * Opens PostgreSQL at `databaseUrl`, or an embedded PGlite in `dataDir` (in memory when null),
 * and migrates it; `phases` reports the opening and the migration as start-up phases.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  /** Connections to PostgreSQL; `defaultPoolSize()` when not given. */
  poolSize?: number | undefined
  dataDir: string | null
  onIdleError?: (error: Error) => void
  phases?: RunPhase
}): Promise<OpenDatabase> {
  const phase = options.phases ?? silentPhases
  // Each database's driver loads only when it is the one opened: a server on PostgreSQL never
  // loads PGlite's JavaScript, nor one on PGlite pg's (docs/decisions/084).
  if (options.databaseUrl) {
    const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }, { TransactionSafePool }] =
      await Promise.all([
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
        import('./pool'),
      ])
    const pool = new TransactionSafePool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
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
    const db = drizzlePostgres(pool, drizzleOptions)
    const url = new URL(options.databaseUrl)
    url.password = ''
    await phase(`connecting to PostgreSQL ${url.host}${url.pathname}`, async () => {
      await pool.query('select 1')
    })
    const exclusive = <T>(work: () => Promise<T>) => holdingAdvisoryLock(pool, work)
    await phase('migrating', () => exclusive(() => migratePostgres(db, { migrationsFolder })))
    return {
      db: db as unknown as Database,
      description: `PostgreSQL ${url.host}${url.pathname}`,
      exclusive,
      shared: true,
      connections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    }
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, { openPglite }] =
    await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('./pglite'),
    ])
  const { dataDir } = options
  const client = await phase(`opening the embedded database in ${dataDir ?? 'memory'}`, () =>
    openPglite(dataDir ?? null),
  )
  const db = drizzlePglite(client, drizzleOptions)
  await phase('migrating', () => migratePglite(db, { migrationsFolder }))
  return {
    db: db as unknown as Database,
    description: options.dataDir
      ? `embedded PGlite in ${options.dataDir}`
      : 'embedded PGlite in memory',
    // One process owns the embedded database.
    exclusive: (work) => work(),
    shared: false,
    close: () => client.close(),
  }
}
