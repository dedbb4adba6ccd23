import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { and, inArray, isNotNull, lt } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { storedFiles } from '../db/schema'

/** The names an earlier version gave the files it kept on disk. */
const storedNamePattern = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/
const sweepBatch = 500

/**
 * Files an earlier version kept under DATA_DIR/uploads (one file per `stored_files` row, by its
 * server-generated name). They are read from here until moved into the database
 * (./move-uploads.ts); nothing new is written here (docs/decisions/107).
 */
export function legacyUploads(directory: string) {
  const pathOf = (name: string) => {
    if (!storedNamePattern.test(name)) throw new Error(`not a stored file's name: ${name}`)
    return path.join(directory, name)
  }

  return {
    directory,

    /** The stored files' names on disk (none when there is no directory). */
    async names(): Promise<string[]> {
      const names = await readdir(directory).catch(() => [] as string[])
      return names.filter((name) => storedNamePattern.test(name))
    },

    /** The file's bytes, or null when it is not (or no longer) on disk. */
    async read(name: string): Promise<Uint8Array | null> {
      if (!storedNamePattern.test(name)) return null
      try {
        return new Uint8Array(await readFile(pathOf(name)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },

    async remove(name: string): Promise<void> {
      await rm(pathOf(name), { force: true })
    },

    /**
     * At start, what an earlier version's interrupted requests left: its rows still pending
     * `graceMs` after staging go with their files (and bytes), and files older than that with
     * no row at all go too (a replaced picture that was still on disk). An hour's grace leaves
     * the uploads of an earlier version's server still running alone.
     */
    async sweep(db: Queryable, now: Date, graceMs: number): Promise<number> {
      const cutoff = new Date(now.getTime() - graceMs)
      const stale = await db
        .delete(storedFiles)
        .where(and(isNotNull(storedFiles.pendingSince), lt(storedFiles.pendingSince, cutoff)))
        .returning({ storedName: storedFiles.storedName })
      for (const { storedName } of stale) await rm(pathOf(storedName), { force: true })
      let removed = stale.length
      const names = await this.names()
      for (let start = 0; start < names.length; start += sweepBatch) {
        const batch = names.slice(start, start + sweepBatch)
        const known = new Set(
          (
            await db
              .select({ name: storedFiles.storedName })
              .from(storedFiles)
              .where(inArray(storedFiles.storedName, batch))
          ).map((row) => row.name),
        )
        for (const name of batch) {
          if (known.has(name)) continue
          const { mtime } = await stat(pathOf(name))
          if (mtime >= cutoff) continue
          await rm(pathOf(name), { force: true })
          removed++
        }
      }
      return removed
    },
  }
}

export type LegacyUploads = ReturnType<typeof legacyUploads>
