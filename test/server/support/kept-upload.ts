import type { Queryable } from '#server/db/database'
import type { FilePurpose, UploadStore } from '#server/storage/uploads'

/** A file checked and kept: what a request's committed transaction leaves. */
export async function keptUpload(
  uploads: UploadStore,
  db: Queryable,
  file: File,
  purpose: FilePurpose,
  userId: number,
) {
  const checked = await uploads.check(file, purpose)
  return db.transaction((tx) => uploads.keep(tx, checked, userId, new Date()))
}
