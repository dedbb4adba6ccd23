import { eq, inArray, sql } from 'drizzle-orm'
import { currencySymbol as currencySymbolOf, formatMoney } from '#api/money'
import type { Database, Transaction } from '../db/database'
import {
  bankAccountCodes,
  customerAccountCode,
  InsufficientFunds,
  type PostingLine,
  post,
} from '../db/ledger'
import { executePrepared } from '../db/prepared'
import { notifications, transactions, transfers } from '../db/schema'
import { defaultServiceChargeBasisPoints, serviceCharge } from './bank-configuration'
import {
  type Claim,
  claimStatement,
  earlierSubmission,
  inSubmission,
  keepAnswerStatement,
  NotKept,
  type Submission,
} from './idempotency'
import { newReceiptId } from './receipts'

/**
 * A transfer leaves the balance at once, in full: the payee's part to `bank:transfers-out` and
 * the service charge to `bank:fees`, two entries from the customer's account. It stays in
 * progress until an operator settles it, or fails it: then a reversing posting refunds both and
 * the customer is notified.
 */
export interface TransferOrder {
  userId: number
  authorization: string
  amount: number
  payeeKey: string
  bank: string
  swift: string
  routing: string
  country: string
  actNo: string
  actHoldName: string
  note: string
}

/** What the customer is answered, kept under the idempotency key with the work. */
export interface TransferAnswers<A> {
  posted: (posted: { charge: number; currencySymbol: string }) => A
  insufficient: A
  /** Not kept: the customer may complete the authorisation and send the same key again. */
  notAuthorized: A
}

interface ClaimedRow {
  claimId: number | null
  authorizationId: string | null
  basisPoints: number | null
  currency: string | null
}

/**
 * `newtrs` under its idempotency key, in one transaction of three statements
 * (docs/decisions/047): claim the key and consume the authorisation (reading the charge and the
 * customer's currency on the way); post; write the customer's rows and keep the answer.
 * `whenPosted` runs after the posting, in the transaction (saving the payee).
 */
export async function submitTransfer<A>(
  db: Database,
  claim: Claim,
  order: TransferOrder,
  now: Date,
  answers: TransferAnswers<A>,
  whenPosted?: (tx: Transaction) => Promise<void>,
): Promise<Submission<A>> {
  return inSubmission(db, async (tx): Promise<Submission<A>> => {
    // Of two submissions under one key, the second waits on the key's unique index and then
    // consumes nothing; of two under one authorisation, the second waits for its row lock and
    // then finds it used. The charge is the bank's setting as this transaction reads it: no
    // copy of it can be stale.
    const claimed = await executePrepared(
      tx,
      sql`
      with claimed as (${claimStatement(claim)}),
      consumed as (
        update transfer_authorizations set used_at = ${now.toISOString()}::timestamptz
        where id = ${order.authorization} and user_id = ${order.userId}
          and authorized_at is not null and used_at is null
          and expires_at > ${now.toISOString()}::timestamptz
          and amount = ${order.amount}::bigint and payee_key = ${order.payeeKey}
          and exists (select from claimed)
        returning id
      )
      select (select id from claimed) as "claimId",
        (select id from consumed) as "authorizationId",
        (select service_charge_basis_points from bank_settings) as "basisPoints",
        (select currency from bank_accounts where user_id = ${order.userId}) as currency`,
    )
    const [row] = (claimed as unknown as { rows: ClaimedRow[] }).rows
    if (!row?.claimId) return earlierSubmission<A>(tx, claim)
    if (!row.authorizationId) throw new NotKept(answers.notAuthorized)
    const claimId = row.claimId

    const charge = serviceCharge(order.amount, row.basisPoints ?? defaultServiceChargeBasisPoints)
    const toPayee = order.amount - charge
    const customer = customerAccountCode(order.userId)
    const lines: PostingLine[] = [
      { account: customer, amount: -toPayee },
      { account: bankAccountCodes.transfersOut, amount: toPayee },
    ]
    if (charge > 0)
      lines.push(
        { account: customer, amount: -charge },
        { account: bankAccountCodes.fees, amount: charge },
      )
    const currencySymbol = currencySymbolOf(row.currency ?? 'USD')
    const answer = answers.posted({ charge, currencySymbol })
    try {
      // One customer account is debited: a refusal leaves the transaction usable. The
      // authorisation stays used: the next attempt starts with the PIN. The customer's rows and
      // the kept answer are written by the posting's own statement, only if it posts.
      await post(
        tx,
        { kind: 'transfer', memo: `Transfer to ${order.actHoldName}`, lines },
        transferRows({ order, toPayee, charge, currencySymbol, claimId, answer }, now),
      )
    } catch (error) {
      if (!(error instanceof InsufficientFunds)) throw error
      await tx.execute(keepAnswerStatement(claimId, answers.insufficient))
      return { outcome: 'first', answer: answers.insufficient }
    }
    await whenPosted?.(tx)
    return { outcome: 'first', answer }
  })
}

/**
 * The customer's rows of a posted transfer, as CTEs of the posting's statement (they read its
 * CTE `posting`, and write nothing when it is refused): the two `transactions` rows (transfer,
 * service charge), the `transfers` row that points at them, the notification, and the answer
 * kept under the key.
 */
function transferRows(
  rows: {
    order: TransferOrder
    toPayee: number
    charge: number
    currencySymbol: string
    claimId: number
    answer: unknown
  },
  now: Date,
) {
  const { order, toPayee, charge } = rows
  const at = now.toISOString()
  const transferRow = sql`(${newReceiptId()}, ${`Transfer to ${order.actHoldName}`}, 'Bank Transfer',
    ${toPayee}::bigint, ${order.bank}, ${order.actHoldName}, ${order.actNo}, ${order.country},
    ${order.swift}, ${order.routing}, ${order.note})`
  const chargeRow = sql`(${newReceiptId()}, 'Service charge', 'Service charge', ${charge}::bigint,
    null, null, null, null, null, null, null)`
  return sql`
    customer_rows as (
      insert into transactions (user_id, posting_id, ref2, name, transaction_type, type, amount,
        status, bank, act_hold_name, act_no, country, swift, routing, note, created_at)
      select ${order.userId}, posting.id, r.ref2, r.name, 'debit', r.type, r.amount,
        'in_progress', r.bank, r.act_hold_name, r.act_no, r.country, r.swift, r.routing, r.note,
        ${at}::timestamptz
      from posting, (values ${charge > 0 ? sql`${transferRow}, ${chargeRow}` : transferRow})
        r(ref2, name, type, amount, bank, act_hold_name, act_no, country, swift, routing, note)
      returning id, type
    ),
    transfer as (
      insert into transfers (user_id, authorization_id, posting_id, amount, charge, transaction_id,
        charge_transaction_id, payee_key, bank, act_hold_name, act_no, created_at)
      select ${order.userId}, ${order.authorization}, posting.id, ${order.amount}::bigint,
        ${charge}::bigint,
        (select id from customer_rows where type = 'Bank Transfer'),
        (select id from customer_rows where type = 'Service charge'),
        ${order.payeeKey}, ${order.bank}, ${order.actHoldName}, ${order.actNo}, ${at}::timestamptz
      from posting
    ),
    notice as (
      insert into notifications (user_id, title, body, created_at)
      select ${order.userId}, 'Transfer in progress',
        ${`Your transfer of ${formatMoney(order.amount, rows.currencySymbol)} to ${order.actHoldName} is being processed.`},
        ${at}::timestamptz
      from posting
    ),
    kept as (
      ${keepAnswerStatement(rows.claimId, rows.answer)} and exists (select from posting)
    )`
}

export class TransferDecisionRefused extends Error {}

/** An operator's decision on an in-progress transfer: settled, or failed and refunded. */
export async function decideTransfer(
  db: Database,
  transferId: number,
  decision: { settle: true } | { settle: false; reason?: string },
  now: Date,
  currencySymbol = '$',
) {
  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(transfers)
      .where(eq(transfers.id, transferId))
      .for('update')
    if (!transfer) throw new TransferDecisionRefused(`No transfer with id ${transferId}.`)
    if (transfer.status !== 'in_progress')
      throw new TransferDecisionRefused(`Transfer ${transferId} is already ${transfer.status}.`)
    const rows = [transfer.transactionId, transfer.chargeTransactionId].filter(
      (id): id is number => id !== null,
    )
    if (decision.settle) {
      await tx
        .update(transfers)
        .set({ status: 'successful', decidedAt: now })
        .where(eq(transfers.id, transferId))
      await tx
        .update(transactions)
        .set({ status: 'successful' })
        .where(inArray(transactions.id, rows))
      return `Transfer ${transferId} settled.`
    }
    const toPayee = transfer.amount - transfer.charge
    const customer = customerAccountCode(transfer.userId)
    const lines: PostingLine[] = [
      { account: customer, amount: toPayee },
      { account: bankAccountCodes.transfersOut, amount: -toPayee },
    ]
    if (transfer.charge > 0)
      lines.push(
        { account: customer, amount: transfer.charge },
        { account: bankAccountCodes.fees, amount: -transfer.charge },
      )
    const reversalPostingId = await post(tx, {
      kind: 'transfer-reversal',
      memo: `Refund of transfer ${transferId}`,
      reverses: transfer.postingId,
      lines,
    })
    await tx
      .update(transfers)
      .set({ status: 'failed', decidedAt: now, reversalPostingId })
      .where(eq(transfers.id, transferId))
    await tx.update(transactions).set({ status: 'failed' }).where(inArray(transactions.id, rows))
    const reason = decision.reason ? ` Reason: ${decision.reason}` : ''
    await tx.insert(notifications).values({
      userId: transfer.userId,
      title: 'Transfer failed',
      body: `Your transfer of ${formatMoney(transfer.amount, currencySymbol)} to ${transfer.actHoldName} could not be completed. The full amount, service charge included, is back in your balance.${reason}`,
      createdAt: now,
    })
    return `Transfer ${transferId} failed; ${formatMoney(transfer.amount, currencySymbol)} refunded.`
  })
}
