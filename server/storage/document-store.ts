import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { storedFileContents } from '../db/schema'
import type { SealedStore } from '../keys/sealed-store'
import { openDocument, sealDocument } from './document-sealing'
import { toBase64 } from './file-bytes'

const sealedText = sql<string>`encode(${storedFileContents.sealed}, 'base64')`

/**
 * Stored files as one of the key ring's sealed stores (keys/sealed-store.ts): the start's check
 * tries the smallest file of each key in use, and `keys rotate` seals the rest again under the
 * newest key, a file at a time, each only if it was not changed meanwhile.
 */
export const documentStore: SealedStore = {
  name: 'stored documents',
  async keysInUse(db: Queryable) {
    const keys = await db
      .selectDistinct({ keyId: storedFileContents.keyId })
      .from(storedFileContents)
    const inUse = []
    for (const { keyId } of keys) {
      const [smallest] = await db
        .select({ sealed: sealedText })
        .from(storedFileContents)
        .where(eq(storedFileContents.keyId, keyId))
        .orderBy(sql`length(${storedFileContents.sealed})`)
        .limit(1)
      if (smallest) inUse.push({ keyId, sample: `${keyId}:${smallest.sealed}` })
    }
    return inUse
  },
  opens(sample, ring) {
    const [keyId, sealed] = sample.split(':') as [string, string]
    try {
      openDocument(keyId, Buffer.from(sealed, 'base64'), ring)
      return true
    } catch {
      return false
    }
  },
  async countNotUnderNewest(db, ring) {
    const [row] = await db
      .select({ n: count() })
      .from(storedFileContents)
      .where(ne(storedFileContents.keyId, ring.newest.id))
    return row?.n ?? 0
  },
  async resealBatch(db, ring, limit) {
    const rows = await db
      .select({
        fileId: storedFileContents.fileId,
        keyId: storedFileContents.keyId,
        sealed: sealedText,
      })
      .from(storedFileContents)
      .where(ne(storedFileContents.keyId, ring.newest.id))
      .orderBy(storedFileContents.fileId)
      .limit(limit)
    let resealed = 0
    for (const row of rows) {
      let again: ReturnType<typeof sealDocument>
      try {
        again = sealDocument(openDocument(row.keyId, Buffer.from(row.sealed, 'base64'), ring), ring)
      } catch {
        continue // damaged: it stays as it is, and is counted as not re-sealed
      }
      const updated = await db
        .update(storedFileContents)
        .set({ keyId: again.keyId, sealed: sql`decode(${toBase64(again.sealed)}, 'base64')` })
        .where(
          and(eq(storedFileContents.fileId, row.fileId), eq(storedFileContents.keyId, row.keyId)),
        )
        .returning({ fileId: storedFileContents.fileId })
      if (updated.length > 0) resealed++
    }
    return resealed
  },
}
