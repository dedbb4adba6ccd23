import { and, eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { currencySymbol, formatMoney } from '#api/money'
import { correctionLine, correctionType } from '#api/transaction-types'
import type { Queryable, Transaction } from '../../db/database'
import {
  availableBalanceOf,
  BalanceAboveMaximum,
  bankAccountCodes,
  customerAccountCode,
  DebitsBlocked,
  InsufficientFunds,
  post,
} from '../../db/ledger'
import { corrections, ledgerAccounts, notifications, transactions, users } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'
import { newReceiptId } from '../receipts'
import { ApplyRefused } from './apply-refused'

/**
 * A manual credit or debit of a customer's account (docs/decisions/079): posted against
 * `bank:corrections` through the ledger when a second person approves it, as a statement line
 * of its own type with its reason, and a notification. A debit the available balance does not
 * cover, or from an account on hold, is refused then and changes nothing.
 */

const correctionRow = (db: Queryable, id: number) =>
  db
    .select({
      correction: corrections,
      email: users.email,
      name: users.fullname,
      currency: ledgerAccounts.currency,
    })
    .from(corrections)
    .innerJoin(users, eq(users.id, corrections.userId))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, corrections.userId), eq(ledgerAccounts.kind, 'customer')),
    )
    .where(eq(corrections.id, id))

type CorrectionRow = Awaited<ReturnType<typeof correctionRow>>[number]

const directionWords = { credit: 'Credit', debit: 'Debit' } as const

const correctionNow = ({ correction, email, name, currency }: CorrectionRow): ItemNow => {
  const amount = formatMoney(correction.amount, currencySymbol(currency))
  const what = directionWords[correction.direction]
  return {
    shown: {
      customer_id: correction.userId,
      email,
      name,
      kind: 'correction',
      amount: correction.amount,
      currency,
      detail: `${what} (${correction.reference}): ${correction.reason}`,
      status: correction.status,
      submitted_at: correction.createdAt.toISOString(),
      changes: [
        { field: 'Correction', from: null, to: `${what} of ${amount}` },
        { field: 'Reference', from: null, to: correction.reference },
        { field: 'Reason', from: null, to: correction.reason },
      ],
    },
    waiting: correction.status === 'proposed',
    rule: 'corrections post',
    decidedAt: correction.decidedAt,
    decidedByStaffId: null,
  }
}

const byId = (id: number) => eq(corrections.id, id)

/** The posting, refused in the checker's words when the account cannot take it now. */
async function postCorrection(tx: Transaction, row: CorrectionRow) {
  const { correction, email, currency } = row
  const account = customerAccountCode(correction.userId)
  const signed = correction.direction === 'credit' ? correction.amount : -correction.amount
  const amount = formatMoney(correction.amount, currencySymbol(currency))
  try {
    return await post(tx, {
      kind: 'correction',
      memo: `Correction ${correction.id}: ${correction.reference}`,
      lines: [
        { account: bankAccountCodes.corrections, amount: -signed },
        { account, amount: signed },
      ],
    })
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const available = formatMoney(await availableBalanceOf(tx, account), currencySymbol(currency))
      throw new ApplyRefused(
        `${email} has ${available} available, less than the debit of ${amount}; the approval still waits.`,
      )
    }
    if (error instanceof DebitsBlocked)
      throw new ApplyRefused(
        `${email}'s account is on hold (a notice or a freeze): no money may leave it until it is lifted; the approval still waits.`,
      )
    if (error instanceof BalanceAboveMaximum)
      throw new ApplyRefused(
        `A credit of ${amount} would take ${email}'s balance above the most an account may hold.`,
      )
    throw error
  }
}

async function postAndTell(tx: Transaction, id: number, now: Date) {
  const [row] = await correctionRow(tx, id)
  if (!row) throw new Error(`correction ${id} vanished`)
  const { correction, email, currency } = row
  if (currency === null) throw new ApplyRefused(`${email} has no account to correct.`)
  const postingId = await postCorrection(tx, row)
  const amount = formatMoney(correction.amount, currencySymbol(currency))
  await tx.insert(transactions).values({
    userId: correction.userId,
    postingId,
    ref2: newReceiptId(),
    name: correctionLine(correction.reason),
    transactionType: correction.direction,
    type: correctionType,
    amount: correction.amount,
    status: 'successful',
    currency,
    createdAt: now,
  })
  await tx.insert(notifications).values({
    userId: correction.userId,
    title: 'A correction to your account',
    body:
      correction.direction === 'credit'
        ? `We credited ${amount} to your account: ${correction.reason}`
        : `We debited ${amount} from your account: ${correction.reason}`,
    createdAt: now,
  })
  await tx.update(corrections).set({ status: 'applied', postingId, decidedAt: now }).where(byId(id))
  const what = directionWords[correction.direction].toLowerCase()
  return `The correction was posted: a ${what} of ${amount} to ${email} (${correction.reference}).`
}

export const correctionItem: ApprovalItem = {
  action: 'corrections post',
  roles: approvalActions['corrections post'],
  noun: 'correction',
  always: true,
  async lock(tx, id) {
    const [row] = await correctionRow(tx, id).for('update', { of: corrections })
    return row && correctionNow(row)
  },
  async read(db, id) {
    const [row] = await correctionRow(db, id)
    return row && correctionNow(row)
  },
  apply: (tx, id, _checker, now) => postAndTell(tx, id, now),
  async drop(tx, id, now) {
    await tx.update(corrections).set({ status: 'dropped', decidedAt: now }).where(byId(id))
  },
}
