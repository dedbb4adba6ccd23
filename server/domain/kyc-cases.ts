import { and, asc, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { StaffCallResponse } from '#api/contract/staff'
import { pageSize } from '#api/contract/staff'
import type { Database, Queryable } from '../db/database'
import { kycRequests, kycSubmissions, staff, users } from '../db/schema'
import {
  awaitingReview,
  customersAwaitingReview,
  decideKycRequest,
  decideSubmission,
  ReviewRefused,
  type SubmissionTarget,
} from './kyc-review'
import type { StaffActor, TaskOutcome } from './staff'
import { fileReferences, referenceIn } from './staff-files'
import {
  asActor,
  decidedAnswer,
  deciderFrom,
  missing,
  offsetOf,
  refused,
  taskRoles,
} from './staff-tasks'

/**
 * The KYC queue and case as operator tasks (docs/decisions/072): the sign-up submissions and the
 * dashboard's requests, listed, opened (an audited read) and decided by a member of staff.
 */

type ItemStatus = 'pending' | 'approved' | 'declined'
type ListQuery = { status: ItemStatus; page: number }

const decider = alias(staff, 'decider')

/** Pending items oldest first (the queue's order); decided ones newest first. */
const orderOf = (status: ItemStatus, id: typeof kycSubmissions.id | typeof kycRequests.id) =>
  status === 'pending' ? asc(id) : desc(id)

export async function listKycSubmissions(
  db: Queryable,
  actor: StaffActor,
  query: ListQuery,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'kyclist'> }>> {
  return asActor(db, actor, taskRoles.kycRead, async () => ({
    ok: true,
    answer: {
      ...(query.status === 'pending'
        ? await waitingPage(db, query.page)
        : await decidedPage(db, query.status, query.page)),
      page: query.page,
      page_size: pageSize,
    },
  }))
}

/**
 * The queue: every customer waiting for review (kyc-review.ts, `awaitingReview`, which the home's
 * count uses too), a customer with no documents on file as a row without a submission.
 */
async function waitingPage(db: Queryable, page: number) {
  const rows = await customersAwaitingReview(db).limit(pageSize).offset(offsetOf(page, pageSize))
  const [total] = await db.select({ n: count() }).from(users).where(awaitingReview)
  return {
    submissions: rows.map((row) => ({
      id: row.submissionId,
      customer_id: row.customerId,
      email: row.email,
      name: row.name,
      document_type: row.documentType,
      status: 'pending' as const,
      submitted_at: new Date(row.waitingSince).toISOString(),
      decided: null,
    })),
    total: Number(total?.n ?? 0),
  }
}

async function decidedPage(db: Queryable, status: 'approved' | 'declined', page: number) {
  const where = eq(kycSubmissions.status, status)
  const rows = await db
    .select({
      id: kycSubmissions.id,
      customerId: users.id,
      email: users.email,
      name: users.fullname,
      documentType: kycSubmissions.documentType,
      status: kycSubmissions.status,
      submittedAt: kycSubmissions.createdAt,
      decidedAt: kycSubmissions.decidedAt,
      decidedBy: kycSubmissions.decidedByStaffId,
      deciderName: decider.name,
    })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
    .where(where)
    .orderBy(desc(kycSubmissions.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
  const [total] = await db.select({ n: count() }).from(kycSubmissions).where(where)
  return {
    submissions: rows.map((row) => ({
      id: row.id,
      customer_id: row.customerId,
      email: row.email,
      name: row.name,
      document_type: row.documentType,
      status: row.status,
      submitted_at: row.submittedAt.toISOString(),
      decided: decidedAnswer(deciderFrom(row.decidedAt, row.decidedBy, row.deciderName)),
    })),
    total: Number(total?.n ?? 0),
  }
}

/** Every KYC decision on a customer, submissions and requests, newest first. */
async function kycHistoryOf(db: Queryable, userId: number) {
  const submissions = await db
    .select({
      id: kycSubmissions.id,
      status: kycSubmissions.status,
      submittedAt: kycSubmissions.createdAt,
      reason: kycSubmissions.decisionNote,
      decidedAt: kycSubmissions.decidedAt,
      decidedBy: kycSubmissions.decidedByStaffId,
      deciderName: decider.name,
    })
    .from(kycSubmissions)
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
    .where(eq(kycSubmissions.userId, userId))
  const requests = await db
    .select({
      id: kycRequests.id,
      status: kycRequests.status,
      submittedAt: kycRequests.createdAt,
      reason: kycRequests.decisionNote,
      decidedAt: kycRequests.decidedAt,
      decidedBy: kycRequests.decidedByStaffId,
      deciderName: decider.name,
    })
    .from(kycRequests)
    .leftJoin(decider, eq(decider.id, kycRequests.decidedByStaffId))
    .where(eq(kycRequests.userId, userId))
  return [
    ...submissions.map((row) => ({ kind: 'submission' as const, ...row })),
    ...requests.map((row) => ({ kind: 'request' as const, ...row })),
  ]
    .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())
    .map((row) => ({
      kind: row.kind,
      id: row.id,
      status: row.status,
      submitted_at: row.submittedAt.toISOString(),
      reason: row.reason,
      decided: decidedAnswer(deciderFrom(row.decidedAt, row.decidedBy, row.deciderName)),
    }))
}

/** One submission with its details, documents and the customer's earlier decisions; an audited read. */
export async function openKycCase(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  id: number,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'kyccase'> }>> {
  const { db } = deps
  return asActor(db, actor, taskRoles.kycRead, async () => {
    const [row] = await db
      .select({
        submission: kycSubmissions,
        customer: users,
        deciderName: decider.name,
      })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
      .where(eq(kycSubmissions.id, id))
    if (!row) return missing(`No KYC submission with the id ${id}.`)
    const { submission, customer } = row
    const files = await fileReferences(db, [
      submission.pictureFileId,
      submission.frontFileId,
      submission.backFileId,
    ])
    const earlier = (await kycHistoryOf(db, customer.id)).filter(
      (item) => !(item.kind === 'submission' && item.id === id),
    )
    return {
      ok: true,
      answer: {
        id: submission.id,
        status: submission.status,
        submitted_at: submission.createdAt.toISOString(),
        decided: decidedAnswer(
          deciderFrom(submission.decidedAt, submission.decidedByStaffId, row.deciderName),
        ),
        customer: {
          customer_id: customer.id,
          email: customer.email,
          name: customer.fullname,
          // As given with this submission (the profile's may have changed since); null when the
          // form did not ask for it yet (docs/decisions/099).
          date_of_birth: submission.dateOfBirth,
          country: submission.country,
          phone: submission.phone,
          address: submission.homeAddress,
          verification_status: customer.verificationStatus,
        },
        document_type: submission.documentType,
        document_number: submission.documentNumber,
        document_country: submission.documentCountry,
        document_expiry: submission.documentExpiry,
        photo: referenceIn(files, submission.pictureFileId),
        front: referenceIn(files, submission.frontFileId),
        back: referenceIn(files, submission.backFileId),
        earlier,
      },
    }
  })
}

export type KycDecision = { approve: true } | { approve: false; reason?: string }

/**
 * Approves or declines a pending submission (by its id, or the customer's e-mail as `ops` gives
 * it) as `actor`; of two people deciding one at once, the second is told who decided it.
 */
export async function decideKycSubmission(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  target: SubmissionTarget,
  decision: KycDecision,
): Promise<TaskOutcome<{ email: string }>> {
  return asActor(deps.db, actor, taskRoles.kycDecide, async () => {
    try {
      const { email } = await decideSubmission(deps.db, target, decision, deps.now(), actor.staffId)
      return { ok: true, email }
    } catch (error) {
      if (error instanceof ReviewRefused) return refused(error.message)
      throw error
    }
  })
}

/**
 * Declines the review of a customer waiting with no documents on file, with the reason their
 * e-mail gives: it asks them to submit their documents (docs/decisions/096). One with documents
 * is decided on their submission, after it is opened.
 */
export async function askForDocuments(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  customerId: number,
  reason: string,
): Promise<TaskOutcome<{ email: string }>> {
  const [submission] = await deps.db
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, customerId), eq(kycSubmissions.status, 'pending')))
  if (submission)
    return asActor(deps.db, actor, taskRoles.kycDecide, async () =>
      refused(
        `This customer's documents are on file: open KYC submission ${submission.id} to decide it.`,
      ),
    )
  return decideKycSubmission(deps, actor, { customerId }, { approve: false, reason })
}

export async function listKycRequests(
  db: Queryable,
  actor: StaffActor,
  query: ListQuery,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'kycrequestlist'> }>> {
  return asActor(db, actor, taskRoles.kycRead, async () => {
    const where = eq(kycRequests.status, query.status)
    const rows = await db
      .select({
        request: kycRequests,
        email: users.email,
        name: users.fullname,
        deciderName: decider.name,
      })
      .from(kycRequests)
      .innerJoin(users, eq(users.id, kycRequests.userId))
      .leftJoin(decider, eq(decider.id, kycRequests.decidedByStaffId))
      .where(where)
      .orderBy(orderOf(query.status, kycRequests.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize))
    const [total] = await db.select({ n: count() }).from(kycRequests).where(where)
    const files = await fileReferences(
      db,
      rows.map((row) => row.request.documentFileId),
    )
    return {
      ok: true,
      answer: {
        requests: rows.map(({ request, email, name, deciderName }) => ({
          id: request.id,
          customer_id: request.userId,
          email,
          name,
          document_type: request.documentType,
          document: referenceIn(files, request.documentFileId),
          status: request.status,
          submitted_at: request.createdAt.toISOString(),
          reason: request.decisionNote,
          decided: decidedAnswer(
            deciderFrom(request.decidedAt, request.decidedByStaffId, deciderName),
          ),
        })),
        page: query.page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
      },
    }
  })
}

/** Approves or declines a pending dashboard KYC request as `actor` (the second of two is told who). */
export async function decideKycRequestAs(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  id: number,
  decision: KycDecision,
): Promise<TaskOutcome<{ email: string }>> {
  return asActor(deps.db, actor, taskRoles.kycDecide, async () => {
    try {
      const email = await decideKycRequest(deps.db, id, decision, deps.now(), actor.staffId)
      return { ok: true, email }
    } catch (error) {
      if (error instanceof ReviewRefused) return refused(error.message)
      throw error
    }
  })
}
