import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenDatabase, openDatabase } from '#server/db/database'
import {
  checkSchema,
  migrateSchema,
  pendingMigrations,
  SchemaBehindError,
  shippedMigrations,
} from '#server/db/schema-migrations'
import { createFreshDatabase } from '../support/fresh-database'
import { bothDatabases, openTestDatabase } from './support/databases'

/**
 * Migrating is a step of its own, and a server refuses a database behind its schema
 * (docs/decisions/108); a database migrated by a newer release serves this one as it is.
 */
const newest = shippedMigrations().at(-1)

describe.each(bothDatabases)('the schema check and the migrations (%s)', (target) => {
  let database: OpenDatabase
  beforeAll(async () => {
    database = await openTestDatabase(target)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('a migrated database is current: nothing pending, nothing applied again', async () => {
    expect(await pendingMigrations(database.db)).toEqual([])
    await expect(checkSchema(database.db)).resolves.toBeUndefined()
    expect(await migrateSchema(database.db)).toEqual([])
  })

  it('a database without the newest migration is behind, and the check names it', async () => {
    const removed = await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest?.createdAt} returning id, hash, created_at`,
    )
    try {
      expect((await pendingMigrations(database.db)).map((m) => m.tag)).toEqual([newest?.tag])
      const refused = await checkSchema(database.db).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(SchemaBehindError)
      expect((refused as Error).message).toContain(`1 migration is not applied (${newest?.tag})`)
      expect((refused as Error).message).toContain('npm run migrate')
    } finally {
      const [row] = (removed as unknown as { rows: { hash: string; created_at: string }[] }).rows
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      )
    }
    expect(await pendingMigrations(database.db)).toEqual([])
  })

  it('a database a newer release migrated serves this release as it is', async () => {
    const later = (newest?.createdAt ?? 0) + 60_000
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a newer release', ${later})`,
    )
    try {
      await expect(checkSchema(database.db)).resolves.toBeUndefined()
      expect(await migrateSchema(database.db)).toEqual([])
    } finally {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${later}`,
      )
    }
  })
})

describe('an empty database', () => {
  it('the embedded one is refused without migrating', async () => {
    const refused = await openDatabase({ dataDir: null, migrate: false }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(SchemaBehindError)
    expect((refused as SchemaBehindError).pending).toEqual(shippedMigrations().map((m) => m.tag))
  })

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL: refused, then migrated once by two migrators at once',
    async () => {
      const fresh = await createFreshDatabase(process.env.DATABASE_URL as string, 'portal_empty')
      try {
        const open = (migrate: boolean) =>
          openDatabase({ databaseUrl: fresh.url, poolSize: 2, dataDir: null, migrate })
        await expect(open(false)).rejects.toThrow(/schema is behind this release/)
        const [first, second] = await Promise.all([open(true), open(true)])
        await Promise.all([first?.close(), second?.close()])
        const checked = await open(false)
        const [count] = (
          (await checked.db.execute(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )) as unknown as { rows: { n: number }[] }
        ).rows
        await checked.close()
        expect(count?.n).toBe(shippedMigrations().length)
      } finally {
        await fresh.drop()
      }
    },
  )
})
