import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { kycRequests, kycSubmissions, notifications, storedFiles, users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { kycApprovedMail, kycDeclinedMail } from '../mail/templates'
import { findUserByEmail, lockUser } from './users'

/** An operator's review of KYC submissions: the waiting list, approval and decline. */

/**
 * Customers waiting for review, oldest first, with their pending submission when there is one
 * (customers put under review by other means, such as the demo data, have none).
 */
export async function pendingSubmissions(db: Database) {
  const rows = await db
    .select({
      email: users.email,
      name: users.fullname,
      documentType: kycSubmissions.documentType,
      submittedAt: sql<Date | null>`coalesce(${kycSubmissions.createdAt}, ${users.kycSubmittedAt})`,
    })
    .from(users)
    .leftJoin(
      kycSubmissions,
      and(eq(kycSubmissions.userId, users.id), eq(kycSubmissions.status, 'pending')),
    )
    .where(eq(users.verificationStatus, 'Pending Verification'))
    .orderBy(asc(users.kycSubmittedAt), asc(users.id))
  return rows.map((row) => ({
    ...row,
    documentType: row.documentType ?? '(no documents on file)',
    submittedAt: row.submittedAt ? new Date(row.submittedAt) : null,
  }))
}

export class ReviewRefused extends Error {}

export type ReviewDecision = { approve: true } | { approve: false; reason?: string }

/**
 * Decides the customer's pending submission: the submission and the customer's status change
 * together, and the customer is told by e-mail (and, when approved, by a notification).
 */
export async function decideSubmission(
  db: Database,
  email: string,
  decision: ReviewDecision,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) throw new ReviewRefused(`No customer with the e-mail ${email}.`)
    const locked = await lockUser(tx, user.id)
    if (locked?.role !== 'customer' || locked.verificationStatus !== 'Pending Verification')
      throw new ReviewRefused(
        `${email} is not waiting for KYC review (status: ${locked?.verificationStatus}).`,
      )
    await tx
      .update(kycSubmissions)
      .set({ status: decision.approve ? 'approved' : 'declined', decidedAt: now })
      .where(and(eq(kycSubmissions.userId, user.id), eq(kycSubmissions.status, 'pending')))
    await tx
      .update(users)
      .set({ verificationStatus: decision.approve ? 'Verified' : 'Declined' })
      .where(eq(users.id, user.id))
    if (decision.approve) {
      await tx.insert(notifications).values({
        userId: user.id,
        title: 'Your account is verified',
        body: 'We have checked your documents. Welcome aboard: your account is ready to use.',
        createdAt: now,
      })
      await enqueueMail(tx, kycApprovedMail(user.email), now)
    } else await enqueueMail(tx, kycDeclinedMail(user.email, decision.reason), now)
  })
}

/** Signed-in customers' KYC requests from the dashboard waiting for review, oldest first. */
export async function pendingKycRequests(db: Database) {
  return db
    .select({
      id: kycRequests.id,
      email: users.email,
      name: users.fullname,
      documentType: kycRequests.documentType,
      document: storedFiles.storedName,
      requestedAt: kycRequests.createdAt,
    })
    .from(kycRequests)
    .innerJoin(users, eq(users.id, kycRequests.userId))
    .innerJoin(storedFiles, eq(storedFiles.id, kycRequests.documentFileId))
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
): Promise<string> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(kycRequests)
      .set({
        status: decision.approve ? 'approved' : 'declined',
        decidedAt: now,
        decisionNote: decision.approve ? null : (decision.reason ?? null),
      })
      .where(and(eq(kycRequests.id, id), eq(kycRequests.status, 'pending')))
      .returning({ userId: kycRequests.userId })
    if (!decided) throw new ReviewRefused(`No pending KYC request with the id ${id}.`)
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
