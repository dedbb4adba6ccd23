import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import type { Database, Transaction } from '../db/database'
import {
  bankAccountCodes,
  customerAccountCode,
  InsufficientFunds,
  type PostingLine,
  post,
} from '../db/ledger'
import { notifications, transactions, transferAuthorizations, transfers } from '../db/schema'
import { serviceCharge, serviceChargeBasisPoints } from './bank-configuration'
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
  currencySymbol: string
}

export type TransferOutcome =
  | { ok: true; transferId: number; charge: number }
  | { ok: false; reason: 'authorization' | 'insufficient' }

export async function submitTransfer(
  tx: Transaction,
  order: TransferOrder,
  now: Date,
): Promise<TransferOutcome> {
  // Consumed first, in one statement: of two submissions under one authorisation, the second
  // waits for the first's row lock and then finds it used.
  const [authorization] = await tx
    .update(transferAuthorizations)
    .set({ usedAt: now })
    .where(
      and(
        eq(transferAuthorizations.id, order.authorization),
        eq(transferAuthorizations.userId, order.userId),
        isNotNull(transferAuthorizations.authorizedAt),
        isNull(transferAuthorizations.usedAt),
        gt(transferAuthorizations.expiresAt, now),
        eq(transferAuthorizations.amount, order.amount),
        eq(transferAuthorizations.payeeKey, order.payeeKey),
      ),
    )
    .returning({ id: transferAuthorizations.id })
  if (!authorization) return { ok: false, reason: 'authorization' }

  const charge = serviceCharge(order.amount, await serviceChargeBasisPoints(tx))
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
  let postingId: number
  try {
    // A savepoint: a refused posting must leave the transaction usable for the stored answer.
    postingId = await tx.transaction((savepoint) =>
      post(savepoint, { kind: 'transfer', memo: `Transfer to ${order.actHoldName}`, lines }),
    )
  } catch (error) {
    if (error instanceof InsufficientFunds) return { ok: false, reason: 'insufficient' }
    throw error
  }
  const customerRows: (typeof transactions.$inferInsert)[] = [
    {
      userId: order.userId,
      postingId,
      ref2: newReceiptId(),
      name: `Transfer to ${order.actHoldName}`,
      transactionType: 'debit',
      type: 'Bank Transfer',
      amount: toPayee,
      status: 'in_progress',
      bank: order.bank,
      actHoldName: order.actHoldName,
      actNo: order.actNo,
      country: order.country,
      swift: order.swift,
      routing: order.routing,
      note: order.note,
      createdAt: now,
    },
  ]
  if (charge > 0)
    customerRows.push({
      userId: order.userId,
      postingId,
      ref2: newReceiptId(),
      name: 'Service charge',
      transactionType: 'debit',
      type: 'Service charge',
      amount: charge,
      status: 'in_progress',
      createdAt: now,
    })
  const [transferRow, chargeRow] = await tx
    .insert(transactions)
    .values(customerRows)
    .returning({ id: transactions.id })
  const [transfer] = await tx
    .insert(transfers)
    .values({
      userId: order.userId,
      authorizationId: order.authorization,
      postingId,
      amount: order.amount,
      charge,
      transactionId: transferRow?.id as number,
      chargeTransactionId: chargeRow?.id ?? null,
      payeeKey: order.payeeKey,
      bank: order.bank,
      actHoldName: order.actHoldName,
      actNo: order.actNo,
      createdAt: now,
    })
    .returning({ id: transfers.id })
  await tx.insert(notifications).values({
    userId: order.userId,
    title: 'Transfer in progress',
    body: `Your transfer of ${formatMoney(order.amount, order.currencySymbol)} to ${order.actHoldName} is being processed.`,
    createdAt: now,
  })
  return { ok: true, transferId: transfer?.id as number, charge }
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
