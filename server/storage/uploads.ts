import { createHash, randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { maxUploadBytes, uploadKinds } from '#api/upload-rules'
import type { Queryable } from '../db/database'
import { type filePurposes, storedFiles } from '../db/schema'
import { databaseFileBytes, type FileBytes } from './file-bytes'
import { legacyUploads } from './legacy-uploads'

export type FilePurpose = (typeof filePurposes)[number]

// The forms check the same lists before sending (`uploadProblem`), by the type the browser gives.
const images = uploadKinds.photo.types
const imagesAndPdf = uploadKinds.file.types

/** What each kind of upload may be, judged by its bytes (never by its name or declared type). */
export const allowedTypes: Record<FilePurpose, readonly string[]> = {
  profile_picture: images,
  kyc_picture: images,
  kyc_front: imagesAndPdf,
  kyc_back: imagesAndPdf,
  payment_proof: imagesAndPdf,
}

export class RejectedUpload extends Error {}

export interface StoredUpload {
  id: number
  storedName: string
  mimeType: string
}

/** A file whose bytes passed the checks (at most `maxUploadBytes`); nothing is written yet. */
export interface CheckedUpload {
  purpose: FilePurpose
  bytes: Uint8Array
  mimeType: string
  extension: string
}

const describeAllowed = (purpose: FilePurpose) =>
  allowedTypes[purpose].includes('application/pdf')
    ? 'a PNG, JPG, GIF or WebP image or a PDF'
    : 'a PNG, JPG, GIF or WebP image'

/** Judges a file by its size and its bytes; throws RejectedUpload, writes nothing. */
export async function checkUpload(file: File, purpose: FilePurpose): Promise<CheckedUpload> {
  if (file.size === 0) throw new RejectedUpload('The file is empty.')
  if (file.size > maxUploadBytes) throw new RejectedUpload('The file is too large (at most 5 MB).')
  const bytes = new Uint8Array(await file.arrayBuffer())
  // file-type is loaded with the first upload, not with the server (docs/decisions/084).
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected || !allowedTypes[purpose].includes(detected.mime))
    throw new RejectedUpload(`The file must be ${describeAllowed(purpose)}.`)
  return { purpose, bytes, mimeType: detected.mime, extension: detected.ext }
}

/**
 * Stored files: a `stored_files` row (kind, type, size, digest, owner) and its sealed bytes,
 * written together in the transaction that records the file's owner, so a crash at any point
 * leaves both or neither (docs/decisions/107). A file kept on disk by an earlier version is read
 * from `legacyDirectory` until it is moved (./legacy-uploads.ts).
 */
export function createUploadStore(legacyDirectory: string, bytes: FileBytes = databaseFileBytes) {
  const legacy = legacyUploads(legacyDirectory)
  return {
    legacy,
    bytes,
    check: checkUpload,

    /** In the owning transaction, once it has decided to keep the file: its row and its bytes. */
    async keep(
      tx: Queryable,
      checked: CheckedUpload,
      userId: number | null,
      now: Date,
    ): Promise<StoredUpload> {
      const storedName = `${randomUUID()}.${checked.extension}`
      const [row] = await tx
        .insert(storedFiles)
        .values({
          userId,
          purpose: checked.purpose,
          storedName,
          mimeType: checked.mimeType,
          size: checked.bytes.byteLength,
          sha256: createHash('sha256').update(checked.bytes).digest('hex'),
          createdAt: now,
        })
        .returning({ id: storedFiles.id })
      if (!row) throw new Error('stored_files insert returned nothing')
      await bytes.put(tx, row.id, checked.bytes)
      return { id: row.id, storedName, mimeType: checked.mimeType }
    },

    /**
     * In the transaction that drops a file's last reference (a replaced picture): its bytes and
     * its row go with the commit. A file still on disk is left to the next start's sweep.
     */
    async discard(tx: Queryable, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return
      await bytes.delete(tx, ids)
      await tx.delete(storedFiles).where(inArray(storedFiles.id, [...ids]))
    },

    /** The bytes of a stored file; throws when it has none (a file lost from an old disk). */
    async read(db: Queryable, file: { id: number; storedName: string }): Promise<Uint8Array> {
      const kept = await bytes.get(db, file.id)
      if (kept) return kept
      const onDisk = await legacy.read(file.storedName)
      if (onDisk) return onDisk
      // Moved between the two reads: the table has it now.
      const moved = await bytes.get(db, file.id)
      if (moved) return moved
      throw new Error(`stored file ${file.id} has no bytes`)
    },
  }
}

export type UploadStore = ReturnType<typeof createUploadStore>

/** The public address of a profile picture. */
export const pictureUrl = (storedName: string | null | undefined) =>
  storedName ? `/uploads/pictures/${storedName}` : null
