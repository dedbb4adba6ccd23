import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { inject } from 'vitest'
import { type OpenDatabase, openDatabase } from '#server/db/database'
import { withClient } from '../../support/pg-connections'
import { copyPgliteTemplate } from '../../support/pglite-copy'

/**
 * Each test file gets its own fresh database, a copy of the run's migrated template when its
 * global setup made one (test/support/pglite-template.ts, postgres-template.setup.ts).
 */
export type DatabaseTarget = 'pglite' | 'postgres'

const serverUrl = process.env.DATABASE_URL

/**
 * Where a server test runs: on the PostgreSQL server named by DATABASE_URL when it is set (as in
 * CI: production's database), else on the embedded PGlite, the default of `npm start`.
 */
export const databaseTargets: DatabaseTarget[] = serverUrl ? ['postgres'] : ['pglite']

/**
 * Where a test of what the embedded database does its own way runs: on both when DATABASE_URL
 * is set. PGlite is PostgreSQL's own engine, so the SQL is the same; what differs is its one
 * connection (transactions queue on it), its driver, its extensions and that its rows are read
 * on the server's thread. The money core, the concurrency attacks, the migrations, the exports,
 * the search and the jobs run on both; the browser journeys run on PGlite (decision 092).
 */
export const bothDatabases: DatabaseTarget[] = serverUrl ? ['pglite', 'postgres'] : ['pglite']

const withAdminClient = <T>(work: (client: pg.Client) => Promise<T>) =>
  withClient(serverUrl as string, work)

/**
 * A fresh PGlite: a copy of the run's migrated template in a temporary directory (removed on
 * close), or, without one, a new database in memory.
 */
async function openTestPglite(): Promise<OpenDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-'))
  const dataDir = path.join(dir, 'pgdata')
  if (!(await copyPgliteTemplate(dataDir))) {
    await rm(dir, { recursive: true, force: true })
    return openDatabase({ dataDir: null, migrate: true })
  }
  const opened = await openDatabase({ dataDir, migrate: true })
  return {
    ...opened,
    async close() {
      await opened.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** The migrated database this run's global setup made on the server, or null. */
function postgresTemplate(): string | null {
  try {
    return inject('postgresTemplate') ?? null
  } catch {
    return null
  }
}

/** A test's database; on PostgreSQL with its address (for pg_dump, a second connection). */
export type TestDatabase = OpenDatabase & { url?: string }

export async function openTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  if (target === 'pglite') return openTestPglite()
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const template = postgresTemplate()
  await withAdminClient((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  )
  const url = new URL(serverUrl as string)
  url.pathname = `/${name}`
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: null, migrate: true })
  return {
    ...opened,
    url: url.toString(),
    async close() {
      await opened.close()
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
    },
  }
}

/**
 * A PostgreSQL database the test made itself (a restore's), opened as a server opens it: the
 * schema checked, not migrated. Closing leaves it; the test drops it.
 */
export async function openExistingDatabase(url: string): Promise<TestDatabase> {
  return { ...(await openDatabase({ databaseUrl: url, dataDir: null, migrate: false })), url }
}
