import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type OpenDatabase, openDatabase } from '#server/db/database'

/**
 * Server tests run on embedded PGlite always, and also on the PostgreSQL server named by
 * DATABASE_URL when it is set (CI sets it). Each test file gets its own fresh database.
 */
export type DatabaseTarget = 'pglite' | 'postgres'

const serverUrl = process.env.DATABASE_URL

export const databaseTargets: DatabaseTarget[] = serverUrl ? ['pglite', 'postgres'] : ['pglite']

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function openTestDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target === 'pglite') return openDatabase({ dataDir: null })
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl as string)
  url.pathname = `/${name}`
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: null })
  return {
    ...opened,
    async close() {
      await opened.close()
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
    },
  }
}
