import { and, count, desc, eq, gt, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { availableBalanceOf, balanceOf, customerAccountCode } from '../db/ledger'
import {
  accountNotices,
  bankAccounts,
  fundingRequests,
  kycRequests,
  kycSubmissions,
  ledgerAccounts,
  notifications,
  sessions,
  staff,
  transactions,
  transfers,
  users,
} from '../db/schema'
import { waitingUnfreeze } from './account-freezes'
import { makersOf } from './approval-makers'
import { correctionsOf } from './corrections'
import type { StaffActor, TaskOutcome } from './staff'
import { fileReferences, referenceIn } from './staff-files'
import { asActor, decidedAnswer, deciderFrom, missing, offsetOf, taskRoles } from './staff-tasks'
import { selectTransfers, transferAnswers } from './transfer-cases'

/**
 * A customer's page in the console and their statement lines (docs/decisions/072). Opening the
 * page is personal data read: written to the audit log ('customers show').
 */

const latest = 20
const decider = alias(staff, 'decider')

const noCustomer = (id: number) => `No customer with the id ${id}.`

async function kycOf(db: Queryable, userId: number) {
  const submissions = await db
    .select({ submission: kycSubmissions, deciderName: decider.name })
    .from(kycSubmissions)
    .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByStaffId))
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
  const requests = await db
    .select({ request: kycRequests, deciderName: decider.name })
    .from(kycRequests)
    .leftJoin(decider, eq(decider.id, kycRequests.decidedByStaffId))
    .where(eq(kycRequests.userId, userId))
    .orderBy(desc(kycRequests.id))
  const files = await fileReferences(db, [
    ...submissions.flatMap(({ submission: s }) => [s.pictureFileId, s.frontFileId, s.backFileId]),
    ...requests.map(({ request }) => request.documentFileId),
  ])
  return {
    submissions: submissions.map(({ submission: s, deciderName }) => ({
      id: s.id,
      status: s.status,
      document_type: s.documentType,
      submitted_at: s.createdAt.toISOString(),
      photo: referenceIn(files, s.pictureFileId),
      front: referenceIn(files, s.frontFileId),
      back: referenceIn(files, s.backFileId),
      decided: decidedAnswer(deciderFrom(s.decidedAt, s.decidedByStaffId, deciderName)),
    })),
    requests: requests.map(({ request: r, deciderName }) => ({
      id: r.id,
      status: r.status,
      document_type: r.documentType,
      submitted_at: r.createdAt.toISOString(),
      document: referenceIn(files, r.documentFileId),
      reason: r.decisionNote,
      decided: decidedAnswer(deciderFrom(r.decidedAt, r.decidedByStaffId, deciderName)),
    })),
  }
}

/** Lifting the freeze, waiting for a second person, as the page says it. */
async function unfreezeWaiting(db: Queryable, customerId: number, now: Date) {
  const waiting = await waitingUnfreeze(db, customerId, now)
  return waiting
    ? { approval_id: waiting.approvalId, proposed_by: waiting.maker, at: waiting.at.toISOString() }
    : null
}

/** The account number, currency and both balances; null before the account is opened. */
async function accountOf(db: Queryable, userId: number) {
  const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId))
  const code = customerAccountCode(userId)
  const [ledger] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code))
  if (!account || !ledger) return null
  return {
    account_no: account.accountNo,
    currency: account.currency,
    available: await availableBalanceOf(db, code),
    booked: await balanceOf(db, code),
  }
}

export async function openCustomerPage(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  customerId: number,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'customerpage'> }>> {
  const { db } = deps
  return asActor(db, actor, taskRoles.customersRead, async () => {
    const [customer] = await db.select().from(users).where(eq(users.id, customerId))
    if (!customer) return missing(noCustomer(customerId))
    const now = deps.now()
    const picture = customer.pictureFileId
      ? referenceIn(await fileReferences(db, [customer.pictureFileId]), customer.pictureFileId)
      : null
    const requests = await db
      .select({ request: fundingRequests, deciderName: decider.name })
      .from(fundingRequests)
      .leftJoin(decider, eq(decider.id, fundingRequests.decidedByStaffId))
      .where(eq(fundingRequests.userId, customerId))
      .orderBy(desc(fundingRequests.id))
      .limit(latest)
    const requestMakers = await makersOf(
      db,
      'funding_request',
      requests.map(({ request }) => request.id),
    )
    const transferRows = await selectTransfers(db)
      .where(eq(transfers.userId, customerId))
      .orderBy(desc(transfers.id))
      .limit(latest)
    const notices = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customerId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(latest)
    const [live] = await db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, customerId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
    const [notice] = await db
      .select()
      .from(accountNotices)
      .where(eq(accountNotices.userId, customerId))
    return {
      ok: true,
      answer: {
        profile: {
          id: customer.id,
          email: customer.email,
          username: customer.username,
          name: customer.fullname,
          phone: customer.phone,
          gender: customer.gender,
          date_of_birth: customer.dob,
          country: customer.country,
          address: customer.homeAddress,
          marital_status: customer.maritalStatus,
          next_of_kin: customer.nextOfKin,
          email_verified: customer.emailVerifiedAt !== null,
          created_at: customer.createdAt.toISOString(),
          picture,
        },
        kyc: { verification_status: customer.verificationStatus, ...(await kycOf(db, customerId)) },
        plan: customer.currentPlan,
        account: await accountOf(db, customerId),
        requests: requests.map(({ request: r, deciderName }) => ({
          id: r.id,
          kind: r.kind,
          coin: r.coinType,
          amount: r.amount,
          status: r.status,
          submitted_at: r.createdAt.toISOString(),
          decided: decidedAnswer(
            deciderFrom(r.decidedAt, r.decidedByStaffId, deciderName),
            requestMakers.get(r.id) ?? null,
          ),
        })),
        transfers: await transferAnswers(db, transferRows),
        notifications: notices.map((n) => ({
          id: n.id,
          title: n.title,
          body: n.body,
          created_at: n.createdAt.toISOString(),
          read: n.readAt !== null,
        })),
        live_sessions: Number(live?.n ?? 0),
        sign_in: {
          failed_count: customer.failedLoginCount,
          locked_until: customer.lockedUntil?.toISOString() ?? null,
          locked: customer.lockedUntil !== null && customer.lockedUntil > now,
        },
        notice: notice
          ? {
              head: notice.head,
              body: notice.body,
              set_at: notice.createdAt.toISOString(),
              frozen_at: notice.frozenAt?.toISOString() ?? null,
              freeze_reason: notice.freezeReason,
            }
          : null,
        unfreeze_waiting: await unfreezeWaiting(db, customerId, now),
        corrections: await correctionsOf(db, customerId, latest),
      },
    }
  })
}

/** The customer's statement lines, newest first (the statements' order), a page at a time. */
export async function customerLedgerPage(
  db: Queryable,
  actor: StaffActor,
  query: { customerId: number; page: number },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'customerledger'> }>> {
  return asActor(db, actor, taskRoles.customersRead, async () => {
    const [customer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, query.customerId))
    if (!customer) return missing(noCustomer(query.customerId))
    const where = eq(transactions.userId, query.customerId)
    const rows = await db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize))
    const [total] = await db.select({ n: count() }).from(transactions).where(where)
    return {
      ok: true,
      answer: {
        lines: rows.map((row) => ({
          id: row.id,
          at: row.createdAt.toISOString(),
          direction: row.transactionType,
          type: row.type,
          description: row.name,
          amount: row.amount,
          charge: row.charge,
          currency: row.currency,
          status: row.status,
        })),
        page: query.page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
      },
    }
  })
}
