import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import { maxUploadBytes, uploadKinds } from '#api/upload-rules'
import type { Queryable } from '../db/database'
import { type filePurposes, storedFiles } from '../db/schema'

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

/** A file whose bytes passed the checks; nothing is written yet. */
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

const storedNamePattern = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/

/**
 * Uploaded files live under `directory` with server-generated names and owner-only permissions;
 * nothing there is served except profile pictures, through the app's picture route.
 */
export function createUploadStore(directory: string) {
  const recordOf = (checked: CheckedUpload, userId: number | null, storedName: string) => ({
    userId,
    purpose: checked.purpose,
    storedName,
    mimeType: checked.mimeType,
    size: checked.bytes.byteLength,
    sha256: createHash('sha256').update(checked.bytes).digest('hex'),
  })

  /**
   * Records the file as pending (on `db` itself, committed at once) and only then writes it, so
   * a crash at any point leaves no file without a row. Call before the owning transaction opens
   * (PGlite has one connection); that transaction then `claim`s it, or the caller `unstage`s it.
   */
  async function stage(
    db: Queryable,
    checked: CheckedUpload,
    userId: number | null,
    now: Date,
  ): Promise<StoredUpload> {
    const storedName = `${randomUUID()}.${checked.extension}`
    const [row] = await db
      .insert(storedFiles)
      .values({ ...recordOf(checked, userId, storedName), pendingSince: now })
      .returning({ id: storedFiles.id })
    if (!row) throw new Error('stored_files insert returned nothing')
    try {
      await mkdir(directory, { recursive: true, mode: 0o700 })
      await writeFile(path.join(directory, storedName), checked.bytes, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      await db.delete(storedFiles).where(eq(storedFiles.id, row.id))
      throw error
    }
    return { id: row.id, storedName, mimeType: checked.mimeType }
  }

  async function removeFile(storedName: string) {
    if (!storedNamePattern.test(storedName)) throw new RejectedUpload('bad file name')
    await rm(path.join(directory, storedName), { force: true })
  }

  return {
    directory,
    check: checkUpload,
    stage,

    /** In the owning transaction: the staged files are no longer pending. */
    async claim(tx: Queryable, ids: number[]): Promise<void> {
      if (ids.length > 0)
        await tx.update(storedFiles).set({ pendingSince: null }).where(inArray(storedFiles.id, ids))
    },

    /**
     * In the transaction that drops its last reference (a replaced picture): the file is pending
     * again, for `unstage` after the commit or, should the server die first, the sweep.
     */
    async release(tx: Queryable, ids: number[], now: Date): Promise<void> {
      if (ids.length > 0)
        await tx.update(storedFiles).set({ pendingSince: now }).where(inArray(storedFiles.id, ids))
    },

    /**
     * Of these files, those still pending go: file, then row. Claimed ones are left alone, so
     * this is right whatever became of the owning transaction (refused, failed or committed).
     */
    async unstage(db: Queryable, ids: number[]): Promise<void> {
      if (ids.length === 0) return
      const stillPending = and(inArray(storedFiles.id, ids), isNotNull(storedFiles.pendingSince))
      const pending = await db
        .select({ id: storedFiles.id, storedName: storedFiles.storedName })
        .from(storedFiles)
        .where(stillPending)
      for (const file of pending) {
        await removeFile(file.storedName)
        await db
          .delete(storedFiles)
          .where(and(eq(storedFiles.id, file.id), isNotNull(storedFiles.pendingSince)))
      }
    },

    /**
     * At start: files still pending `graceMs` after staging (their server died mid-request) go,
     * with their rows; so do files older than that with no row at all (a sweep that died between
     * its rows and its files, or a version that wrote files inside its transaction).
     */
    async sweep(db: Queryable, now: Date, graceMs: number): Promise<number> {
      const cutoff = new Date(now.getTime() - graceMs)
      const stale = await db
        .delete(storedFiles)
        .where(and(isNotNull(storedFiles.pendingSince), lt(storedFiles.pendingSince, cutoff)))
        .returning({ storedName: storedFiles.storedName })
      for (const { storedName } of stale) await removeFile(storedName)
      const names = await readdir(directory).catch(() => [] as string[])
      const known = new Set(
        (await db.select({ name: storedFiles.storedName }).from(storedFiles)).map((r) => r.name),
      )
      let removed = stale.length
      for (const name of names) {
        if (known.has(name) || !storedNamePattern.test(name)) continue
        const { mtime } = await stat(path.join(directory, name))
        if (mtime >= cutoff) continue
        await removeFile(name)
        removed++
      }
      return removed
    },

    async read(storedName: string): Promise<Uint8Array> {
      if (!storedNamePattern.test(storedName)) throw new RejectedUpload('bad file name')
      return readFile(path.join(directory, storedName))
    },
  }
}

export type UploadStore = ReturnType<typeof createUploadStore>

/**
 * The one way an upload is kept (docs/decisions/024): the checked files are staged before any
 * transaction opens, `work` claims them in the transaction that records their owner, and
 * whatever it did not claim (a refusal, an error, a replayed idempotency key) is unstaged after.
 */
export async function withStagedUploads<T, const Files extends readonly CheckedUpload[]>(
  deps: { db: Queryable; uploads: UploadStore },
  checked: Files,
  owner: { userId: number; now: Date },
  work: (staged: { [K in keyof Files]: StoredUpload }) => Promise<T>,
): Promise<T> {
  const staged: StoredUpload[] = []
  try {
    for (const upload of checked)
      staged.push(await deps.uploads.stage(deps.db, upload, owner.userId, owner.now))
    return await work(staged as { [K in keyof Files]: StoredUpload })
  } finally {
    // Should this fail, what stays pending is swept at a later start.
    await deps.uploads
      .unstage(
        deps.db,
        staged.map((upload) => upload.id),
      )
      .catch(() => {})
  }
}

/** The public address of a profile picture. */
export const pictureUrl = (storedName: string | null | undefined) =>
  storedName ? `/uploads/pictures/${storedName}` : null
