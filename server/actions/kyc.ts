import { and, eq } from 'drizzle-orm'
import { revokeUserSessions } from '../auth/sessions'
import type { Queryable } from '../db/database'
import { kycDocumentTypes, kycRequests, kycSubmissions, users } from '../db/schema'
import { lockUser } from '../domain/users'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import type { CheckedUpload, FilePurpose } from '../storage/uploads'
import { RejectedUpload, withStagedUploads } from '../storage/uploads'

/** The document type the client always offers; the others come from `kyc_document_types`. */
export const driversLicense = "Driver's License"

export const getdocs: Handler<'getdocs'> = async ({ deps }) => {
  const docs = await deps.db
    .select({ doc_name: kycDocumentTypes.docName })
    .from(kycDocumentTypes)
    .orderBy(kycDocumentTypes.docName)
  return { docs }
}

const files = [
  { field: 'pic', purpose: 'kyc_picture', label: 'Your photo' },
  { field: 'idcardFront', purpose: 'kyc_front', label: 'The front of your ID document' },
  { field: 'idcardBack', purpose: 'kyc_back', label: 'The back of your ID document' },
] as const satisfies readonly { field: string; purpose: FilePurpose; label: string }[]

const alreadyDone = {
  'Pending Verification': 'Your documents are already under review. We will e-mail you the result.',
  Verified: 'Your account is already verified. Please log in.',
} as const

type Status = (typeof users.$inferSelect)['verificationStatus']
const refusalFor = (status: Status) =>
  status === 'Pending Verification' || status === 'Verified' ? alreadyDone[status] : null

/**
 * KYC submission with the temporary token. Every file is checked by its bytes before anything is
 * written; the files, the submission and the status change are kept together or not at all.
 */
export const submit_verification: Handler<'submit_verification'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const [current] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!current) return { status: false, message: 'Your account could not be found.' }
  const early = refusalFor(current.verificationStatus)
  if (early) return { status: false, message: early }

  const documentType = await knownDocumentType(deps.db, input.type)
  if (!documentType)
    return { status: false, message: 'Please choose an ID document type from the list.' }

  const checked: CheckedUpload[] = []
  for (const file of files) {
    try {
      checked.push(await deps.uploads.check(input[file.field], file.purpose))
    } catch (error) {
      if (error instanceof RejectedUpload)
        return { status: false, message: `${file.label} was not accepted: ${error.message}` }
      throw error
    }
  }

  // Staged before the transaction: a crash anywhere leaves pending rows to sweep, never a
  // document nobody owns (docs/decisions/024-request-bodies-and-headers.md).
  const now = deps.now()
  const refusal = await withStagedUploads(deps, checked, { userId, now }, (staged) =>
    deps.db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId)
      if (!locked) return 'Your account could not be found.'
      const late = refusalFor(locked.verificationStatus)
      if (late) return late
      await deps.uploads.claim(
        tx,
        staged.map((upload) => upload.id),
      )
      const [pictureFileId, frontFileId, backFileId] = staged.map((upload) => upload.id) as [
        number,
        number,
        number,
      ]
      await tx.insert(kycSubmissions).values({
        userId,
        country: input.country,
        phone: input.phone,
        homeAddress: input.home_address,
        documentType,
        pictureFileId,
        frontFileId,
        backFileId,
        createdAt: now,
      })
      await tx
        .update(users)
        .set({
          country: input.country,
          phone: input.phone,
          homeAddress: input.home_address,
          verificationStatus: 'Pending Verification',
          kycSubmittedAt: now,
        })
        .where(eq(users.id, userId))
      // The temporary token has done its job; the customer waits for the review.
      await revokeUserSessions(tx, userId, now, ['kyc'])
      return null
    }),
  )
  if (refusal) return { status: false, message: refusal }
  return {
    status: true,
    message: 'Your documents have been submitted. We will e-mail you when the review is done.',
  }
}

/** The canonical name of an offered document type, or null. */
async function knownDocumentType(db: Queryable, requested: string): Promise<string | null> {
  const name = requested.replaceAll('\u2019', "'")
  if (name.toLowerCase() === driversLicense.toLowerCase()) return driversLicense
  const [row] = await db
    .select({ docName: kycDocumentTypes.docName })
    .from(kycDocumentTypes)
    .where(eq(kycDocumentTypes.docName, name))
  return row?.docName ?? null
}

export const kycRequestMessages = {
  sent: 'Your verification request has been sent. We will let you know when it has been checked.',
  alreadyPending: 'Your verification request is already waiting for review.',
  unknownType: 'Please choose a document type from the list.',
  document: (why: string) => `The document was not accepted: ${why}`,
} as const

/**
 * The dashboard's KYC request (docs/decisions/045): the document is checked by its bytes,
 * staged, and claimed together with the pending request, or not at all; one pending request
 * per customer (the unique index decides a race).
 */
export const requestkyc: Handler<'requestkyc'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const documentType = await knownDocumentType(deps.db, input.type)
  if (!documentType) return { status: false, message: kycRequestMessages.unknownType }
  if (await hasPendingRequest(deps.db, userId))
    return { status: false, message: kycRequestMessages.alreadyPending }
  let checked: CheckedUpload
  try {
    checked = await deps.uploads.check(input.document, 'kyc_front')
  } catch (error) {
    if (error instanceof RejectedUpload)
      return { status: false, message: kycRequestMessages.document(error.message) }
    throw error
  }
  const now = deps.now()
  const sent = await withStagedUploads(deps, [checked], { userId, now }, ([staged]) =>
    deps.db.transaction(async (tx) => {
      await lockUser(tx, userId)
      if (await hasPendingRequest(tx, userId)) return false
      await deps.uploads.claim(tx, [staged.id])
      await tx
        .insert(kycRequests)
        .values({ userId, documentType, documentFileId: staged.id, createdAt: now })
      return true
    }),
  )
  if (!sent) return { status: false, message: kycRequestMessages.alreadyPending }
  return { status: true, message: kycRequestMessages.sent }
}

async function hasPendingRequest(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: kycRequests.id })
    .from(kycRequests)
    .where(and(eq(kycRequests.userId, userId), eq(kycRequests.status, 'pending')))
  return rows.length > 0
}
