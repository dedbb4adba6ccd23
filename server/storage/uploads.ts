import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import { maxUploadBytes } from '../../src/api/contract/fields'
import type { Queryable } from '../db/database'
import { type filePurposes, storedFiles } from '../db/schema'

export type FilePurpose = (typeof filePurposes)[number]

const images = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
const imagesAndPdf = [...images, 'application/pdf'] as const

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

/**
 * Uploaded files live under `directory` with server-generated names and owner-only permissions;
 * nothing there is served except profile pictures, through the app's picture route.
 */
export function createUploadStore(directory: string) {
  return {
    directory,

    /** Checks the bytes, writes the file and records it (in the caller's transaction). */
    async save(
      db: Queryable,
      file: File,
      purpose: FilePurpose,
      userId: number | null,
    ): Promise<StoredUpload> {
      if (file.size === 0) throw new RejectedUpload('The file is empty.')
      if (file.size > maxUploadBytes)
        throw new RejectedUpload('The file is too large (at most 5 MB).')
      const bytes = new Uint8Array(await file.arrayBuffer())
      const detected = await fileTypeFromBuffer(bytes)
      if (!detected || !allowedTypes[purpose].includes(detected.mime)) {
        const allowed =
          purpose === 'profile_picture' || purpose === 'kyc_picture'
            ? 'PNG, JPG, GIF or WebP'
            : 'PNG, JPG, GIF, WebP or PDF'
        throw new RejectedUpload(`The file must be a ${allowed} image or document.`)
      }
      const storedName = `${randomUUID()}.${detected.ext}`
      await mkdir(directory, { recursive: true, mode: 0o700 })
      await writeFile(path.join(directory, storedName), bytes, { mode: 0o600, flag: 'wx' })
      const [row] = await db
        .insert(storedFiles)
        .values({
          userId,
          purpose,
          storedName,
          mimeType: detected.mime,
          size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        })
        .returning({ id: storedFiles.id })
      if (!row) throw new Error('stored_files insert returned nothing')
      return { id: row.id, storedName, mimeType: detected.mime }
    },

    async read(storedName: string): Promise<Uint8Array> {
      if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(storedName))
        throw new RejectedUpload('bad file name')
      return readFile(path.join(directory, storedName))
    },
  }
}

export type UploadStore = ReturnType<typeof createUploadStore>

/** The public address of a profile picture. */
export const pictureUrl = (storedName: string | null | undefined) =>
  storedName ? `/uploads/pictures/${storedName}` : null
