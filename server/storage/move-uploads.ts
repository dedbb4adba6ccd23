import { createHash } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import { storedFileContents, storedFiles } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import type { UploadStore } from './uploads'

export interface MoveOutcome {
  moved: number
  /** Files on disk whose bytes no longer match their row's digest: left where they are. */
  damaged: string[]
}

/**
 * Moves files an earlier version kept under DATA_DIR/uploads into the database, `batchSize`
 * names at a time, while the server serves (docs/decisions/107). Each file's bytes are checked
 * against its row's digest, kept in a transaction of their own, and only then removed from the
 * disk; until then the read path finds them on disk. Run again, it picks up where it stopped:
 * a file already in the database is only removed from the disk. Files without a row (the start's
 * sweep decides those) and files still pending (an earlier version's server mid-request) stay.
 */
export async function moveUploadsIntoDatabase(
  db: Database,
  uploads: Pick<UploadStore, 'legacy' | 'bytes'>,
  options: { batchSize?: number; stopping?: () => boolean } = {},
): Promise<MoveOutcome> {
  const batchSize = options.batchSize ?? 100
  const outcome: MoveOutcome = { moved: 0, damaged: [] }
  const names = await uploads.legacy.names()
  for (let start = 0; start < names.length; start += batchSize) {
    if (options.stopping?.()) break
    const rows = await db
      .select({
        id: storedFiles.id,
        name: storedFiles.storedName,
        sha256: storedFiles.sha256,
        pendingSince: storedFiles.pendingSince,
        moved: storedFileContents.fileId,
      })
      .from(storedFiles)
      .leftJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
      .where(inArray(storedFiles.storedName, names.slice(start, start + batchSize)))
    for (const row of rows) {
      if (row.pendingSince !== null) continue
      if (row.moved === null) {
        const bytes = await uploads.legacy.read(row.name)
        if (!bytes) continue
        if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
          outcome.damaged.push(row.name)
          continue
        }
        await db.transaction((tx) => uploads.bytes.put(tx, row.id, bytes))
        outcome.moved++
      }
      await uploads.legacy.remove(row.name)
    }
  }
  return outcome
}

/**
 * The move as a job of the running server: once at start, then every ten minutes (a file an
 * earlier version's server kept during a rolling upgrade). Stopping waits for the file in hand.
 */
export function startUploadMoveJob(options: {
  db: Database
  uploads: Pick<UploadStore, 'legacy' | 'bytes'>
  log: (line: string) => void
  intervalMs?: number
}) {
  let stopping = false
  const job = startPeriodicJob({
    name: 'moving uploads into the database',
    intervalMs: options.intervalMs ?? 600_000,
    log: options.log,
    round: async () => {
      const { moved, damaged } = await moveUploadsIntoDatabase(options.db, options.uploads, {
        stopping: () => stopping,
      })
      const said = [
        moved > 0 ? `uploads: ${moved} files moved from disk into the database` : '',
        damaged.length > 0
          ? `uploads: ${damaged.length} files on disk do not match their digest and stay there: ${damaged.join(', ')}`
          : '',
      ].filter(Boolean)
      return said.length > 0 ? said.join('; ') : null
    },
  })
  return {
    async stop() {
      stopping = true
      await job.stop()
    },
  }
}
