import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import { hasExpiredOn, isAcceptedBirthDate, todayUtc } from '#api/contract/field-rules'
import { revokeUserSessions } from '../auth/sessions'
import type { Database, Queryable } from '../db/database'
import { kycDocumentTypes, kycRequests, kycSubmissions, notifications, users } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueueMail } from '../mail/outbox'
import { kycApprovedMail, kycDeclinedMail } from '../mail/templates'
import type { CheckedUpload, FilePurpose } from '../storage/uploads'
import { RejectedUpload } from '../storage/uploads'
import { alreadyDecided } from './staff-tasks'
import { findUserByEmail, findUserById, lockUser } from './users'

/**
 * KYC: the documents a customer sends (the submission with the temporary token, the dashboard's
 * request), and an operator's review of them: the waiting lists, approval and decline.
 */

/** The document type the client always offers; the others come from `kyc_document_types`. */
export const driversLicense = "Driver's License"

/** The document types the bank offers besides the driver's license, by name. */
export function offeredDocumentTypes(db: Queryable) {
  return db
    .select({ docName: kycDocumentTypes.docName })
    .from(kycDocumentTypes)
    .orderBy(kycDocumentTypes.docName)
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

/** The submission's files, in the order they are checked, staged and recorded. */
const verificationFiles = [
  { field: 'pic', purpose: 'kyc_picture' },
  { field: 'idcardFront', purpose: 'kyc_front' },
  { field: 'idcardBack', purpose: 'kyc_back' },
] as const satisfies readonly { field: string; purpose: FilePurpose }[]

export type VerificationFile = (typeof verificationFiles)[number]['field']

export interface VerificationForm extends Record<VerificationFile, File> {
  type: string
  country: string
  phone: string
  homeAddress: string
  /** YYYY-MM-DD, as the contract checked it; the age is checked here, on the server's day. */
  dateOfBirth: string
  /** Upper-case letters and digits, as the contract normalised it. */
  documentNumber: string
  /** ISO 3166-1 alpha-2. */
  documentCountry: string
  /** YYYY-MM-DD; not passed on the server's day. */
  documentExpiry: string
}

type Status = (typeof users.$inferSelect)['verificationStatus']
/** A customer under review or verified has nothing to submit. */
const isDone = (status: Status): status is 'Pending Verification' | 'Verified' =>
  status === 'Pending Verification' || status === 'Verified'

export type VerificationOutcome =
  | {
      outcome:
        | 'submitted'
        | 'no account'
        | 'unknown type'
        | 'birth date refused'
        | 'document expired'
    }
  | { outcome: 'already'; status: 'Pending Verification' | 'Verified' }
  | { outcome: 'file refused'; file: VerificationFile; reason: string }

/**
 * KYC submission with the temporary token. The date of birth must be an adult's and the
 * document not expired on the server's day (UTC), and every file is checked by its bytes, before
 * anything is written; the files, the submission and the status change are kept together or not at all, and
 * the temporary token's sessions end with them.
 */
export async function submitVerification(
  deps: AppDeps,
  userId: number,
  form: VerificationForm,
): Promise<VerificationOutcome> {
  const current = await findUserById(deps.db, userId)
  if (!current) return { outcome: 'no account' }
  if (isDone(current.verificationStatus))
    return { outcome: 'already', status: current.verificationStatus }

  const documentType = await knownDocumentType(deps.db, form.type)
  if (!documentType) return { outcome: 'unknown type' }
  const now = deps.now()
  const today = todayUtc(now)
  if (!isAcceptedBirthDate(form.dateOfBirth, today)) return { outcome: 'birth date refused' }
  if (hasExpiredOn(form.documentExpiry, today)) return { outcome: 'document expired' }

  const checked: CheckedUpload[] = []
  for (const file of verificationFiles) {
    try {
      checked.push(await deps.uploads.check(form[file.field], file.purpose))
    } catch (error) {
      if (error instanceof RejectedUpload)
        return { outcome: 'file refused', file: file.field, reason: error.message }
      throw error
    }
  }

  // Kept in the transaction that records the submission: a crash anywhere leaves the documents
  // with their submission or neither (docs/decisions/107).
  return deps.db.transaction(async (tx): Promise<VerificationOutcome> => {
    const locked = await lockUser(tx, userId)
    if (!locked) return { outcome: 'no account' }
    if (isDone(locked.verificationStatus))
      return { outcome: 'already', status: locked.verificationStatus }
    const kept: number[] = []
    for (const upload of checked) kept.push((await deps.uploads.keep(tx, upload, userId, now)).id)
    const [pictureFileId, frontFileId, backFileId] = kept as [number, number, number]
    await tx.insert(kycSubmissions).values({
      userId,
      country: form.country,
      phone: form.phone,
      homeAddress: form.homeAddress,
      documentType,
      dateOfBirth: form.dateOfBirth,
      documentNumber: form.documentNumber,
      documentCountry: form.documentCountry,
      documentExpiry: form.documentExpiry,
      pictureFileId,
      frontFileId,
      backFileId,
      createdAt: now,
    })
    await tx
      .update(users)
      .set({
        country: form.country,
        phone: form.phone,
        homeAddress: form.homeAddress,
        // The profile's date of birth is the one given here until the customer edits it.
        dob: form.dateOfBirth,
        verificationStatus: 'Pending Verification',
        kycSubmittedAt: now,
      })
      .where(eq(users.id, userId))
    // The temporary token has done its job; the customer waits for the review.
    await revokeUserSessions(tx, userId, now, ['kyc'])
    return { outcome: 'submitted' }
  })
}

async function hasPendingRequest(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: kycRequests.id })
    .from(kycRequests)
    .where(and(eq(kycRequests.userId, userId), eq(kycRequests.status, 'pending')))
  return rows.length > 0
}

export type KycRequestOutcome =
  | { outcome: 'sent' | 'unknown type' | 'already pending' }
  | { outcome: 'file refused'; reason: string }

/**
 * The dashboard's KYC request (docs/decisions/045): the document is checked by its bytes and
 * kept together with the pending request, or not at all; one pending request
 * per customer (the unique index decides a race).
 */
export async function requestKyc(
  deps: AppDeps,
  userId: number,
  form: { type: string; document: File },
): Promise<KycRequestOutcome> {
  const documentType = await knownDocumentType(deps.db, form.type)
  if (!documentType) return { outcome: 'unknown type' }
  if (await hasPendingRequest(deps.db, userId)) return { outcome: 'already pending' }
  let checked: CheckedUpload
  try {
    checked = await deps.uploads.check(form.document, 'kyc_front')
  } catch (error) {
    if (error instanceof RejectedUpload) return { outcome: 'file refused', reason: error.message }
    throw error
  }
  const now = deps.now()
  const sent = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    if (await hasPendingRequest(tx, userId)) return false
    const document = await deps.uploads.keep(tx, checked, userId, now)
    await tx
      .insert(kycRequests)
      .values({ userId, documentType, documentFileId: document.id, createdAt: now })
    return true
  })
  return { outcome: sent ? 'sent' : 'already pending' }
}

/**
 * Who waits for KYC review: every customer under review, whether or not documents are on file
 * (customers put under review by other means, such as the demo data, have none). The queue's
 * count (queues.ts), the console's list and `kyc list` all use this one condition.
 */
export const awaitingReview = and(
  eq(users.role, 'customer'),
  eq(users.verificationStatus, 'Pending Verification'),
) as SQL

/** Since when a customer waits: their pending submission, else when they were put under review. */
const waitingSince = sql<
  Date | string
>`coalesce(${kycSubmissions.createdAt}, ${users.kycSubmittedAt}, ${users.createdAt})`

/**
 * The customers waiting for review, oldest first, each with their pending submission when there
 * is one (`submissionId` and `documentType` null: no documents on file). A query: a caller may
 * page it.
 */
export const customersAwaitingReview = (db: Queryable) =>
  db
    .select({
      customerId: users.id,
      email: users.email,
      name: users.fullname,
      submissionId: kycSubmissions.id,
      documentType: kycSubmissions.documentType,
      waitingSince,
    })
    .from(users)
    .leftJoin(
      kycSubmissions,
      and(eq(kycSubmissions.userId, users.id), eq(kycSubmissions.status, 'pending')),
    )
    .where(awaitingReview)
    .orderBy(asc(waitingSince), asc(users.id))

/** `kyc list`: the customers waiting for review, as the terminal prints them. */
export async function pendingSubmissions(db: Queryable) {
  const rows = await customersAwaitingReview(db)
  return rows.map((row) => ({
    email: row.email,
    name: row.name,
    documentType: row.documentType ?? '(no documents on file)',
    submittedAt: new Date(row.waitingSince),
  }))
}

export class ReviewRefused extends Error {}

export type ReviewDecision = { approve: true } | { approve: false; reason?: string }

/**
 * Which submission: the customer's pending one (by e-mail, as `ops` names it, or by the customer's
 * id, as the console's list does for a customer with no documents on file) or one by its id.
 */
export type SubmissionTarget = { email: string } | { customerId: number } | { submissionId: number }

/**
 * Decides the customer's pending submission: the submission and the customer's status change
 * together, and the customer is told by e-mail (and, when approved, by a notification).
 * `decidedBy` is the member of staff who decides (null: the terminal before staff existed); a
 * submission decided already is refused naming who decided it (docs/decisions/072).
 */
export async function decideSubmission(
  db: Database,
  target: string | SubmissionTarget,
  decision: ReviewDecision,
  now: Date,
  decidedBy: number | null = null,
): Promise<{ email: string }> {
  const which = typeof target === 'string' ? { email: target } : target
  return db.transaction(async (tx) => {
    const userId = await submissionCustomer(tx, which)
    const locked = await lockUser(tx, userId)
    if (!locked) throw new ReviewRefused('No such customer.')
    if ('submissionId' in which) {
      const [submission] = await tx
        .select()
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, which.submissionId))
      if (submission && submission.status !== 'pending')
        throw new ReviewRefused(
          (await alreadyDecided(tx, submission, submission.status, 'KYC submission')) ??
            `KYC submission ${submission.id} is already ${submission.status}.`,
        )
    }
    if (locked.role !== 'customer' || locked.verificationStatus !== 'Pending Verification')
      throw new ReviewRefused(
        `${locked.email} is not waiting for KYC review (status: ${locked.verificationStatus}).`,
      )
    await tx
      .update(kycSubmissions)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        decidedAt: now,
        decidedByStaffId: decidedBy,
        decisionNote: decision.approve ? null : (decision.reason ?? null),
      })
      .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'pending')))
    await tx
      .update(users)
      .set({ verificationStatus: decision.approve ? 'Verified' : 'Declined' })
      .where(eq(users.id, userId))
    if (decision.approve) {
      await tx.insert(notifications).values({
        userId,
        title: 'Your account is verified',
        body: 'We have checked your documents. Welcome aboard: your account is ready to use.',
        createdAt: now,
      })
      await enqueueMail(tx, kycApprovedMail(locked.email, locked.language), now)
    } else
      await enqueueMail(tx, kycDeclinedMail(locked.email, locked.language, decision.reason), now)
    return { email: locked.email }
  })
}

async function submissionCustomer(tx: Queryable, which: SubmissionTarget): Promise<number> {
  if ('email' in which) {
    const user = await findUserByEmail(tx, which.email)
    if (!user) throw new ReviewRefused(`No customer with the e-mail ${which.email}.`)
    return user.id
  }
  if ('customerId' in which) return which.customerId
  const [submission] = await tx
    .select({ userId: kycSubmissions.userId })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, which.submissionId))
  if (!submission) throw new ReviewRefused(`No KYC submission with the id ${which.submissionId}.`)
  return submission.userId
}

/** Signed-in customers' KYC requests from the dashboard waiting for review, oldest first. */
export async function pendingKycRequests(db: Database) {
  return db
    .select({
      id: kycRequests.id,
      email: users.email,
      name: users.fullname,
      documentType: kycRequests.documentType,
      documentFileId: kycRequests.documentFileId,
      requestedAt: kycRequests.createdAt,
    })
    .from(kycRequests)
    .innerJoin(users, eq(users.id, kycRequests.userId))
    .where(eq(kycRequests.status, 'pending'))
    .orderBy(asc(kycRequests.createdAt), asc(kycRequests.id))
}

/**
 * Decides a pending dashboard KYC request; the customer is told by a notification (with the
 * reason when declined). The account's status is not changed.
 */
export async function decideKycRequest(
  db: Database,
  id: number,
  decision: ReviewDecision,
  now: Date,
  decidedBy: number | null = null,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Only a pending request changes: of two decisions at once, the second finds none.
    const [decided] = await tx
      .update(kycRequests)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        decidedAt: now,
        decidedByStaffId: decidedBy,
        decisionNote: decision.approve ? null : (decision.reason ?? null),
      })
      .where(and(eq(kycRequests.id, id), eq(kycRequests.status, 'pending')))
      .returning({ userId: kycRequests.userId })
    if (!decided) {
      const [earlier] = await tx.select().from(kycRequests).where(eq(kycRequests.id, id))
      const who = earlier && (await alreadyDecided(tx, earlier, earlier.status, 'KYC request'))
      throw new ReviewRefused(who || `No pending KYC request with the id ${id}.`)
    }
    const [customer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, decided.userId))
    await tx.insert(notifications).values({
      userId: decided.userId,
      title: decision.approve
        ? 'Your verification request is approved'
        : 'Your verification request was declined',
      body: decision.approve
        ? 'We have checked your document. Thank you.'
        : `We could not accept your document${decision.reason ? `: ${decision.reason}` : '.'} Please send a new request.`,
      createdAt: now,
    })
    return customer?.email ?? ''
  })
}
