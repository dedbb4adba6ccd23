import { and, asc, desc, eq, ne } from 'drizzle-orm'
import { formatDateOf } from '#api/day-month-year'
import { formatMoney } from '#api/money'
import type { Database, Queryable, Transaction } from '../db/database'
import { bankAccountCodes, customerAccountCode, post } from '../db/ledger'
import { coinTypes, fundingRequests, notifications, plans, transactions, users } from '../db/schema'
import type { CheckedUpload, UploadStore } from '../storage/uploads'
import type { DecisionTerms } from './approval-items'
import { startFixedDeposit } from './fixed-deposits'
import { newReceiptId } from './receipts'
import { alreadyDecided } from './staff-tasks'

/**
 * Deposit, payment, fixed deposit and upgrade requests (docs/decisions/032): pending with a
 * private proof of payment until an operator confirms or declines; the customer is notified
 * either way.
 */
export type FundingKind = (typeof fundingRequests.$inferSelect)['kind']

export const kindLabels: Record<FundingKind, string> = {
  deposit: 'deposit',
  payment: 'payment',
  fixed_deposit: 'fixed deposit',
  upgrade: 'upgrade',
}

export interface NewRequest {
  userId: number
  kind: FundingKind
  coinType: string
  amount: number
  purpose?: string
  plan?: string
  /** The payment's transaction hash on the coin's chain, as kept (`canonicalHash`). */
  txHash: string
  /** Checked before the transaction; kept by it, with the request. */
  proof: CheckedUpload
}

/** A payment already claimed by a request that is not declined, on the same coin's chain. */
export async function hashClaimed(db: Queryable, coinType: string, txHash: string) {
  const [claimed] = await db
    .select({ id: fundingRequests.id })
    .from(fundingRequests)
    .where(
      and(
        eq(fundingRequests.coinType, coinType),
        eq(fundingRequests.txHash, txHash),
        ne(fundingRequests.status, 'declined'),
      ),
    )
    .limit(1)
  return claimed !== undefined
}

/** The unique index that holds one payment to one request (`hashClaimed` under a race). */
export const claimedHashIndex = 'funding_requests_coin_tx_hash_key'

/** Keeps the proof and records the pending request, in the caller's transaction. */
export async function createRequest(
  tx: Transaction,
  uploads: UploadStore,
  request: NewRequest,
  now: Date,
): Promise<void> {
  const proof = await uploads.keep(tx, request.proof, request.userId, now)
  await tx.insert(fundingRequests).values({
    userId: request.userId,
    kind: request.kind,
    coinType: request.coinType,
    amount: request.amount,
    purpose: request.purpose ?? null,
    plan: request.plan ?? null,
    txHash: request.txHash,
    proofFileId: proof.id,
    createdAt: now,
  })
}

export async function requestsOf(db: Queryable, userId: number, kind: FundingKind) {
  return db
    .select()
    .from(fundingRequests)
    .where(and(eq(fundingRequests.userId, userId), eq(fundingRequests.kind, kind)))
    .orderBy(desc(fundingRequests.createdAt), desc(fundingRequests.id))
}

export async function pendingRequests(db: Queryable) {
  return db
    .select({
      id: fundingRequests.id,
      kind: fundingRequests.kind,
      email: users.email,
      amount: fundingRequests.amount,
      coin: fundingRequests.coinType,
      detail: fundingRequests.plan,
      purpose: fundingRequests.purpose,
      proofFileId: fundingRequests.proofFileId,
      txHash: fundingRequests.txHash,
      /** The coin's chain as it is set now (a removed coin keeps its row, inactive). */
      hashFormat: coinTypes.txHashFormat,
      explorerUrl: coinTypes.explorerUrl,
      at: fundingRequests.createdAt,
    })
    .from(fundingRequests)
    .innerJoin(users, eq(users.id, fundingRequests.userId))
    .leftJoin(coinTypes, eq(coinTypes.name, fundingRequests.coinType))
    .where(eq(fundingRequests.status, 'pending'))
    .orderBy(asc(fundingRequests.id))
}

export class RequestDecisionRefused extends Error {}

/**
 * A confirmation may credit a deposit with what the bank actually received instead of the claim
 * (`received`: the amount and why, told to the customer; docs/decisions/079).
 */
type Decision =
  | { confirm: true; received?: DecisionTerms | undefined }
  | { confirm: false; reason?: string }

/** The one kind of request whose amount a confirmation may correct. */
export const correctableKind: FundingKind = 'deposit'

/**
 * Confirms (with its effect) or declines a pending request, and tells the customer. The row is
 * locked first, so of two decisions at once the second finds it decided and is refused naming
 * who decided it (`decidedBy`: the member of staff; null, the terminal before staff existed).
 */
export async function decideRequest(
  db: Database,
  requestId: number,
  decision: Decision,
  now: Date,
  { symbol = '$', decidedBy = null }: { symbol?: string; decidedBy?: number | null } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.id, requestId))
      .for('update')
    if (!request) throw new RequestDecisionRefused(`No request with id ${requestId}.`)
    if (request.status !== 'pending')
      throw new RequestDecisionRefused(
        (await alreadyDecided(tx, request, request.status, 'request')) ??
          `Request ${requestId} is already ${request.status}.`,
      )
    const label = kindLabels[request.kind]
    const amount = formatMoney(request.amount, symbol)
    const notify = (title: string, body: string) =>
      tx.insert(notifications).values({ userId: request.userId, title, body, createdAt: now })

    if (!decision.confirm) {
      await tx
        .update(fundingRequests)
        .set({
          status: 'declined',
          decidedAt: now,
          decidedByStaffId: decidedBy,
          decisionNote: decision.reason ?? null,
        })
        .where(eq(fundingRequests.id, requestId))
      const reason = decision.reason ? ` Reason: ${decision.reason}` : ''
      await notify(
        `Your ${label} was declined`,
        `Your ${label} request of ${amount} was declined.${reason}`,
      )
      return `Request ${requestId} declined.`
    }

    const received = decision.received ?? null
    if (received && request.kind !== correctableKind)
      throw new RequestDecisionRefused(
        `Only a deposit's amount can be corrected; this is a ${label}.`,
      )
    const { postingId, told } = await applyRequest(tx, request, now, symbol, received)
    await tx
      .update(fundingRequests)
      .set({
        status: 'confirmed',
        decidedAt: now,
        decidedByStaffId: decidedBy,
        postingId,
        correctedAmount: received?.amount ?? null,
        correctionReason: received?.reason ?? null,
      })
      .where(eq(fundingRequests.id, requestId))
    await notify(`Your ${label} was confirmed`, told)
    return `Request ${requestId} confirmed.`
  })
}

async function applyRequest(
  tx: Transaction,
  request: typeof fundingRequests.$inferSelect,
  now: Date,
  symbol: string,
  received: DecisionTerms | null,
): Promise<{ postingId: number | null; told: string }> {
  const amount = formatMoney(request.amount, symbol)
  const customer = customerAccountCode(request.userId)
  const customerRow = (
    name: string,
    type: string,
    direction: 'credit' | 'debit',
    postingId: number,
    credited = request.amount,
  ) =>
    tx.insert(transactions).values({
      userId: request.userId,
      postingId,
      ref2: newReceiptId(),
      name,
      transactionType: direction,
      type,
      amount: credited,
      status: 'successful',
      createdAt: now,
    })
  switch (request.kind) {
    case 'deposit': {
      const credited = received?.amount ?? request.amount
      const postingId = await post(tx, {
        kind: 'deposit',
        memo: `Crypto deposit ${request.id}${received ? ` (${request.amount} claimed)` : ''}`,
        lines: [
          { account: bankAccountCodes.received, amount: -credited },
          { account: customer, amount: credited },
        ],
      })
      const line = `Crypto deposit (${request.coinType})`
      await customerRow(
        received ? `${line}, corrected: ${received.reason}` : line,
        'Crypto Deposit',
        'credit',
        postingId,
        credited,
      )
      return {
        postingId,
        told: received
          ? `Your deposit of ${amount} was confirmed as ${formatMoney(credited, symbol)}, the amount we received (${received.reason}). It is now in your balance.`
          : `Your deposit of ${amount} is now in your balance.`,
      }
    }
    case 'payment': {
      // Paid from outside to the bank's address: the money the bank received is recorded
      // against the purpose. The customer's balance is not touched (it paid nothing).
      const postingId = await post(tx, {
        kind: 'payment',
        memo: `Payment ${request.id}: ${request.purpose}`,
        lines: [
          { account: bankAccountCodes.received, amount: -request.amount },
          { account: bankAccountCodes.payments, amount: request.amount },
        ],
      })
      return {
        postingId,
        told: `Your payment of ${amount} (${request.purpose}) was received and recorded. Nothing was taken from your balance.`,
      }
    }
    case 'fixed_deposit': {
      const [plan] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.kind, 'fixed_deposit'), eq(plans.planName, request.plan ?? '')))
      if (!plan?.termDays || plan.rateBasisPoints === null)
        throw new RequestDecisionRefused(
          `The plan '${request.plan}' has no term and rate: set them first (config plan-set).`,
        )
      const started = await startFixedDeposit(
        tx,
        {
          userId: request.userId,
          requestId: request.id,
          planName: plan.planName,
          amount: request.amount,
          rateBasisPoints: plan.rateBasisPoints,
          termDays: plan.termDays,
        },
        now,
      )
      return {
        postingId: started.postingId,
        told: `Your fixed deposit of ${amount} (${plan.planName}) has started. On ${formatDateOf(started.maturesAt, 'UTC')} you receive ${formatMoney(request.amount + started.interest, symbol)}, interest included.`,
      }
    }
    case 'upgrade': {
      await tx
        .update(users)
        .set({ currentPlan: request.plan ?? '' })
        .where(eq(users.id, request.userId))
      return { postingId: null, told: `Your account is now on ${request.plan}.` }
    }
  }
}
