import type { Queryable } from '#server/db/database'
import type { FilePurpose, UploadStore } from '#server/storage/uploads'

/** A file checked, staged and claimed: what a request's committed transaction leaves. */
export async function keptUpload(
  uploads: UploadStore,
  db: Queryable,
  file: File,
  purpose: FilePurpose,
  userId: number,
) {
  const staged = await uploads.stage(db, await uploads.check(file, purpose), userId, new Date())
  await uploads.claim(db, [staged.id])
  return staged
}
