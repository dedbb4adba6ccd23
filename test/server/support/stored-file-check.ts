import { createHash } from 'node:crypto'
import { eq, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/database'
import { storedFileContents, storedFiles } from '#server/db/schema'
import { openDocument } from '#server/storage/document-sealing'

/**
 * What a crash must never leave: a stored file without its bytes, or bytes that do not open to
 * what the row's digest says. Returns the rows, each checked; needs the server's mail key.
 */
export async function expectEveryFileWhole(db: Queryable) {
  const withoutBytes = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .leftJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
    .where(isNull(storedFileContents.fileId))
  if (withoutBytes.length > 0)
    throw new Error(`stored files without bytes: ${withoutBytes.map((row) => row.id).join(', ')}`)
  const rows = await db
    .select({
      id: storedFiles.id,
      sha256: storedFiles.sha256,
      keyId: storedFileContents.keyId,
      sealed: storedFileContents.sealed,
    })
    .from(storedFiles)
    .innerJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
  for (const row of rows) {
    const digest = createHash('sha256').update(openDocument(row.keyId, row.sealed)).digest('hex')
    if (digest !== row.sha256) throw new Error(`stored file ${row.id} does not match its digest`)
  }
  return rows.map((row) => row.id)
}
