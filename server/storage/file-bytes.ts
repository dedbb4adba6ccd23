import { eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { storedFileContents } from '../db/schema'
import { openDocument, sealDocument } from './document-sealing'

/**
 * Where the bytes of stored files are kept, by the id of their `stored_files` row: all the rest
 * of the portal knows of them (docs/decisions/107). Bytes are sealed here and opened here. Today
 * a table in the portal's database; an object store would take its place behind these three.
 */
export interface FileBytes {
  /** Keeps the bytes of file `fileId`, in `tx`: they exist exactly when its row commits. */
  put(tx: Queryable, fileId: number, bytes: Uint8Array): Promise<void>
  /** The bytes of file `fileId`, or null when none are kept for it. */
  get(db: Queryable, fileId: number): Promise<Uint8Array | null>
  /** Drops the bytes of these files, in `tx`. */
  delete(tx: Queryable, fileIds: readonly number[]): Promise<void>
}

/**
 * The bytes travel as base64 text, turned into bytea by the database: the embedded database's
 * driver takes seconds over a 5 MB binary parameter and a fraction of that over its text.
 */
export const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')

export const databaseFileBytes: FileBytes = {
  async put(tx, fileId, bytes) {
    const { keyId, sealed } = sealDocument(bytes)
    await tx
      .insert(storedFileContents)
      .values({ fileId, keyId, sealed: sql`decode(${toBase64(sealed)}, 'base64')` })
      // A second copy of the same file (a move run twice) changes nothing.
      .onConflictDoNothing()
  },

  async get(db, fileId) {
    const [row] = await db
      .select({
        keyId: storedFileContents.keyId,
        sealed: sql<string>`encode(${storedFileContents.sealed}, 'base64')`,
      })
      .from(storedFileContents)
      .where(eq(storedFileContents.fileId, fileId))
    return row ? openDocument(row.keyId, Buffer.from(row.sealed, 'base64')) : null
  },

  async delete(tx, fileIds) {
    if (fileIds.length > 0)
      await tx.delete(storedFileContents).where(inArray(storedFileContents.fileId, [...fileIds]))
  },
}
