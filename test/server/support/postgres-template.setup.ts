import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/database'
import { createFreshDatabase } from '../../support/fresh-database'

/**
 * Vitest global setup of the server tests: with DATABASE_URL, one database migrated by the
 * server's own `openDatabase` for this run, which each test file's database is created from
 * (`CREATE DATABASE ... TEMPLATE`, support/databases.ts) instead of migrating its own: a copy
 * takes a fraction of the migrations' time. Made once for the projects that use it (global
 * setups run in the main process), dropped when the run ends.
 */
const shared = globalThis as {
  portalPostgresTemplate?: Promise<{ name: string; drop: () => Promise<void> }>
}

async function makeTemplate(serverUrl: string) {
  const template = await createFreshDatabase(serverUrl, 'portal_template')
  const migrated = await openDatabase({ databaseUrl: template.url, dataDir: null, migrate: true })
  await migrated.close()
  return template
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return
  shared.portalPostgresTemplate ??= makeTemplate(serverUrl)
  const template = await shared.portalPostgresTemplate
  project.provide('postgresTemplate', template.name)
  return template.drop
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string
  }
}
