import { asc } from 'drizzle-orm'
import type { Queryable } from '#server/db/database'
import { storedFileContents } from '#server/db/schema'

/** The ids of the stored files whose bytes the database holds, in order. */
export async function keptFileIds(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: storedFileContents.fileId })
    .from(storedFileContents)
    .orderBy(asc(storedFileContents.fileId))
  return rows.map((row) => row.id)
}
