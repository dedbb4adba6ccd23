import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/database'

/**
 * Vitest global setup of the server tests: with DATABASE_URL, one database migrated by the
 * server's own `openDatabase` for this run, which each test file's database is created from
 * (`CREATE DATABASE ... TEMPLATE`, support/databases.ts) instead of migrating its own: a copy
 * takes a fraction of the migrations' time. Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return
  const name = `portal_template_${randomBytes(5).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const migrated = await openDatabase({ databaseUrl: url.toString(), dataDir: null })
  await migrated.close()
  project.provide('postgresTemplate', name)
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string
  }
}
