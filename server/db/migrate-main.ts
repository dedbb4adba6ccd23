/**
 * `npm run migrate`: applies the migrations this release ships that the database lacks (the same
 * settings as the server: DATABASE_URL, else the embedded database in DATA_DIR), in one
 * transaction under the start-up lock. The step before rolling new servers: each release's
 * migrations only add what the release before it ignores (docs/decisions/108), so the servers
 * still running keep serving. Exits 0 when the schema is current, 1 when migrating failed (then
 * nothing of it was applied), 2 for bad settings.
 */
import path from 'node:path'
import { type Config, ConfigError, parseConfig } from '../config'
import { terminalPhases } from '../phases'
import { portalVersion } from '../version'
import { openDatabase } from './database'

let config: Config
try {
  config = parseConfig(process.env)
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}
console.log(`[portal] release ${portalVersion}: migrating the schema`)
try {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // One connection migrates; PostgreSQL refuses a pool of fewer than the one it needs.
    poolSize: 2,
    preparedStatements: config.databasePreparedStatements,
    dataDir: path.join(config.dataDir, 'pgdata'),
    migrate: true,
    phases: terminalPhases(),
  })
  await database.close()
} catch (error) {
  console.error(
    `The migration failed, and nothing of it was applied: ${error instanceof Error ? error.message : error}`,
  )
  process.exit(1)
}
