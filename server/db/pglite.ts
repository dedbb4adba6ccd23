import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { projectFile } from '../project-root'

/**
 * PostgreSQL's default 128 MB of shared buffers become resident WebAssembly memory in PGlite
 * (which cannot shrink); the portal's data fits in 16 MB many times over.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/** The extensions the migrations create: pg_trgm for Statements' search (decision 087). */
const options = { startParams: pgliteStartParams, extensions: { pg_trgm } }

const initdbScript = projectFile('server/db/pglite-initdb.js')

/**
 * Opens the embedded database in `dataDir` (in memory when null). A new directory is created
 * by initdb in a child process, so its memory is returned to the system when it exits.
 */
/** initdb in its child; stopped with this process, so a stop never leaves one writing. */
async function initdb(dataDir: string) {
  const running = promisify(execFile)(process.execPath, [initdbScript, dataDir])
  const stop = () => running.child.kill()
  process.once('exit', stop)
  try {
    await running
  } finally {
    process.off('exit', stop)
  }
}

export async function openPglite(dataDir: string | null): Promise<PGlite> {
  if (dataDir === null) return PGlite.create(options)
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(dataDir, { recursive: true })
    await initdb(dataDir)
  }
  return PGlite.create(dataDir, options)
}
