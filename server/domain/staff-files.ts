import { eq, inArray } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { storedFiles } from '../db/schema'
import type { FilePurpose, UploadStore } from '../storage/uploads'
import type { StaffActor, TaskOutcome } from './staff'
import { recordRead, refused, taskRefusal } from './staff-tasks'

/**
 * Stored uploads for the console (docs/decisions/072): referenced in answers by their id and
 * loaded from `/wp-admin/files/<id>`, only by staff whose role may see that kind of file, each
 * load written to the audit log as a read.
 */

export const staffFilesPath = '/wp-admin/files'

/** Who may see each kind of file: KYC documents (kyc, support, auditor), proofs (payments, auditor). */
export const fileRoles: Record<FilePurpose, readonly StaffRole[]> = {
  profile_picture: ['support', 'kyc', 'auditor'],
  kyc_picture: ['kyc', 'support', 'auditor'],
  kyc_front: ['kyc', 'support', 'auditor'],
  kyc_back: ['kyc', 'support', 'auditor'],
  payment_proof: ['payments', 'auditor'],
}

export interface FileReference {
  id: number
  url: string
  content_type: string
  size: number
}

const referenceOf = (row: { id: number; mimeType: string; size: number }): FileReference => ({
  id: row.id,
  url: `${staffFilesPath}/${row.id}`,
  content_type: row.mimeType,
  size: row.size,
})

/** The references of stored files by id (a missing one is an error: every reference is a foreign key). */
export async function fileReferences(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, FileReference>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: storedFiles.id, mimeType: storedFiles.mimeType, size: storedFiles.size })
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, referenceOf(row)]))
}

export function referenceIn(references: Map<number, FileReference>, id: number): FileReference {
  const reference = references.get(id)
  if (!reference) throw new Error(`stored file ${id} is missing`)
  return reference
}

export interface StaffFile {
  bytes: Uint8Array
  contentType: string
  /** A name safe for Content-Disposition: the purpose, the id and the stored extension. */
  fileName: string
}

const notFound = 'There is no such file.'

/**
 * One stored upload for `actor`: refused when their roles may not see its kind (a file still
 * pending, or of no known kind, is not found). The load is audited as a read of `file <id>`.
 */
export async function openStaffFile(
  deps: { db: Queryable; uploads: Pick<UploadStore, 'read'>; now: () => Date },
  actor: StaffActor,
  id: number,
): Promise<TaskOutcome<{ file: StaffFile }> & { status?: 403 | 404 }> {
  const [row] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, id))
  if (!row || row.pendingSince !== null) return { ...refused(notFound), status: 404 }
  const refusal = await taskRefusal(deps.db, actor, fileRoles[row.purpose])
  if (refusal) return { ...refused(refusal), status: 403 }
  const bytes = await deps.uploads.read(deps.db, row)
  await recordRead(
    deps.db,
    actor,
    'files show',
    { id, purpose: row.purpose, customer: row.userId },
    deps.now(),
  )
  const extension = row.storedName.split('.').pop() ?? 'bin'
  return {
    ok: true,
    file: { bytes, contentType: row.mimeType, fileName: `${row.purpose}-${row.id}.${extension}` },
  }
}
