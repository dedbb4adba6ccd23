import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { openDatabase } from '#server/db/database'

/**
 * A new embedded database costs PGlite an initdb (PostgreSQL's, in WebAssembly) and every
 * migration: seconds of CPU (20 s on a loaded 2-core machine), once per server test file, per
 * browser journey's portal and per crashed child server. Instead, one data directory is created
 * and migrated by the server's own `openDatabase`, kept in node_modules/.cache under a key of
 * the migrations, the PGlite code and version (a change to either makes a new one), and each
 * test copies it: the server then opens an existing database and finds nothing to migrate, as a
 * restarted server does. The vitest global setup (pglite-template.setup.ts) makes it and hands
 * its path to the test files (pglite-copy.ts); without it, they create their databases as before.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..')
const migrationsDir = path.join(projectRoot, 'server', 'db', 'migrations')
const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'portal-tests')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? filesUnder(full) : [full]
    })
    .sort()
}

/**
 * What the template depends on: every migration file, how PGlite creates and opens a data
 * directory here (server/db/pglite.ts, pglite-initdb.js), and the PGlite package's version.
 */
function templateKey(): string {
  const hash = createHash('sha256')
  const dbDir = path.join(projectRoot, 'server', 'db')
  for (const file of [
    ...filesUnder(migrationsDir),
    path.join(dbDir, 'pglite.ts'),
    path.join(dbDir, 'pglite-initdb.js'),
  ]) {
    hash.update(path.relative(projectRoot, file))
    hash.update(readFileSync(file))
  }
  const pglite = path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')
  hash.update((JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version)
  return hash.digest('hex').slice(0, 16)
}

/**
 * The migrated template's data directory, made now unless a run before made it. Made aside and
 * renamed into place, so a run beside this one (another vitest process) sees it whole or not
 * at all; when two make it at once, the second one's copy is dropped.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = path.join(cacheDir, `pglite-${templateKey()}`)
  const dataDir = path.join(dir, 'pgdata')
  if (existsSync(path.join(dir, 'ready'))) return dataDir
  await mkdir(cacheDir, { recursive: true })
  await pruneCache()
  const making = path.join(cacheDir, `making-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    const database = await openDatabase({ dataDir: path.join(making, 'pgdata'), migrate: true })
    await database.close()
    await writeFile(path.join(making, 'ready'), '')
    await rename(making, dir).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(path.join(dir, 'ready'))) throw error
    })
  } finally {
    await rm(making, { recursive: true, force: true })
  }
  return dataDir
}

/**
 * Templates of other migrations, and halves left by a killed run, once a day old: a run beside
 * this one may still be copying a recent one.
 */
async function pruneCache() {
  const dayAgo = Date.now() - 24 * 3_600_000
  for (const name of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, name)
    if (statSync(full).mtimeMs < dayAgo) await rm(full, { recursive: true, force: true })
  }
}
