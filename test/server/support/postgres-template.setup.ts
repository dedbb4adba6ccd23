import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/database'

/**
 * Vitest global setup of the server tests: with DATABASE_URL, one database migrated by the
 * server's own `openDatabase` for this run, which each test file's database is created from
 * (`CREATE DATABASE ... TEMPLATE`, support/databases.ts) instead of migrating its own: a copy
 * takes a fraction of the migrations' time. Made once for the projects that use it (global
 * setups run in the main process), dropped when the run ends.
 */
const shared = globalThis as { portalPostgresTemplate?: Promise<string> }

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `portal_template_${randomBytes(5).toString('hex')}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const migrated = await openDatabase({ databaseUrl: url.toString(), dataDir: null })
  await migrated.close()
  return name
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return
  shared.portalPostgresTemplate ??= makeTemplate(serverUrl)
  const name = await shared.portalPostgresTemplate
  project.provide('postgresTemplate', name)
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string
  }
}
