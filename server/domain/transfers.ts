import { eq, sql } from 'drizzle-orm'
import { currencySymbol as currencySymbolOf, formatMoney } from '#api/money'
import type { Database, Queryable } from '../db/database'
import {
  bankAccountCodes,
  customerAccountCode,
  DebitsBlocked,
  type PostingLine,
  post,
  voidHold,
} from '../db/ledger'
import { notifications, transactions, transfers, users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { type ComposedMail, transferFailedMail, transferSettledMail } from '../mail/templates'
import { currencyCodeOf } from './account-currency'
import type { Claim, Submission } from './idempotency'
import { newReceiptId } from './receipts'
import { alreadyDecided } from './staff-tasks'
import { type ApprovedTransfer, bindingOf } from './transfer-authorization'

/**
 * A transfer holds its amount on the customer's available balance when it is submitted; the
 * bank settles it (a posting: the payee's part to `bank:transfers-out`, the service charge to
 * `bank:fees`) or fails it (the hold is voided: nothing left the account), and the customer is
 * told either way (docs/decisions/067).
 */
/** A transfer as submitted: what was approved (its currency as the customer sent it), and more. */
export interface TransferOrder extends ApprovedTransfer {
  userId: number
  authorization: string
  payeeKey: string
  note: string
}

/** What the customer is answered, kept under the idempotency key with the work. */
export interface TransferAnswers<A> {
  held: (held: { currencySymbol: string }) => A
  insufficient: A
  /** The account is under a notice (or frozen): nothing may leave it. */
  blocked: A
  /** Not kept: the customer may complete the authorisation and send the same key again. */
  notAuthorized: A
  /** Not kept: the transfer names another currency than the account's. */
  otherCurrency: (accountCurrency: string) => A
}

const submitStatements = new WeakMap<Queryable, ReturnType<typeof prepareSubmit>>()

/** `transfer_submit_v1` as a named prepared statement, once per database handle. */
function submitStatement(db: Queryable) {
  let statement = submitStatements.get(db)
  if (!statement) {
    statement = prepareSubmit(db)
    submitStatements.set(db, statement)
  }
  return statement
}

function prepareSubmit(db: Queryable) {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`
  return db
    .select({
      outcome: sql<SubmitOutcome>`outcome`,
      accountCurrency: sql<string | null>`account_currency`,
      answer: sql<unknown>`answer`,
      answerFingerprint: sql<string | null>`answer_fingerprint`,
    })
    .from(
      sql`transfer_submit_v1(${p('customerId', 'int')}, ${p('account', 'text')}, ${p('key', 'text')},
        ${p('call', 'text')}, ${p('fingerprint', 'text')}, ${p('authorization', 'text')},
        ${p('at', 'timestamptz')}, ${p('amount', 'bigint')}, ${p('currency', 'text')},
        ${p('binding', 'text')}, ${p('payeeKey', 'text')}, ${p('bank', 'text')},
        ${p('swift', 'text')}, ${p('routing', 'text')}, ${p('country', 'text')},
        ${p('actNo', 'text')}, ${p('actHoldName', 'text')}, ${p('note', 'text')},
        ${p('receiptId', 'text')}, ${p('lineName', 'text')}, ${p('notice', 'text')},
        ${p('savePayee', 'boolean')}, ${p('answers', 'jsonb')}) as submitted`,
    )
    .prepare('transfer_submit_v1')
}

type SubmitOutcome =
  | 'other-currency'
  | 'not-authorized'
  | 'kept'
  | 'held'
  | 'insufficient'
  | 'blocked'

/**
 * The parameters of one `transfer_submit_v1` call, by the prepared statement's placeholder
 * names: what `submitTransfer` sends (and the bench's raw-statement anchor with it).
 */
export function submitParameters<A>(
  claim: Claim,
  order: TransferOrder,
  now: Date,
  answers: TransferAnswers<A>,
  options: { savePayee: boolean; notice?: string },
) {
  if (!Number.isSafeInteger(order.amount) || order.amount <= 0)
    throw new RangeError(`a transfer must be a positive integer amount, not ${order.amount}`)
  // What the customer sent, as a code; the database function compares it with the account's.
  const currency = currencyCodeOf(order.currency) ?? ''
  const currencySymbol = currencySymbolOf(currency)
  const kept = {
    held: answers.held({ currencySymbol }),
    insufficient: answers.insufficient,
    blocked: answers.blocked,
  }
  return {
    customerId: order.userId,
    account: customerAccountCode(order.userId),
    key: claim.key,
    call: claim.call,
    fingerprint: claim.fingerprint,
    authorization: order.authorization,
    at: now.toISOString(),
    amount: order.amount,
    currency,
    binding: bindingOf({ ...order, currency }),
    payeeKey: order.payeeKey,
    bank: order.bank,
    swift: order.swift,
    routing: order.routing,
    country: order.country,
    actNo: order.actNo,
    actHoldName: order.actHoldName,
    note: order.note,
    receiptId: newReceiptId(),
    lineName: `Transfer to ${order.actHoldName}`,
    notice:
      options.notice ??
      `Your transfer of ${formatMoney(order.amount, currencySymbol)} to ${order.actHoldName} is being processed.`,
    savePayee: options.savePayee,
    answers: JSON.stringify(kept),
  }
}

/** The text of the prepared `transfer_submit_v1` statement and its placeholders, as sent. */
export const submitStatementQuery = (db: Queryable) => submitStatement(db).getQuery()

/**
 * `newtrs` under its idempotency key, in one call to the database function
 * `transfer_submit_v1` (migration 0012): it checks the account's currency, consumes the
 * authorisation for exactly this transfer, claims the key, holds the amount if the available
 * balance covers it, and writes the customer's rows and the saved payee; or changes nothing. A
 * key claimed before gives its earlier answer (same fields) or `other-fields`.
 */
export async function submitTransfer<A>(
  db: Queryable,
  claim: Claim,
  order: TransferOrder,
  now: Date,
  answers: TransferAnswers<A>,
  /** `notice`: the in-portal notification's words, when not the customer's own transfer's. */
  options: { savePayee: boolean; notice?: string },
): Promise<Submission<A>> {
  const [row] = await submitStatement(db).execute(
    submitParameters(claim, order, now, answers, options),
  )
  if (!row) throw new Error('transfer_submit_v1 answered nothing')
  switch (row.outcome) {
    case 'other-currency':
      return { outcome: 'first', answer: answers.otherCurrency(row.accountCurrency ?? 'USD') }
    case 'not-authorized':
      return { outcome: 'first', answer: answers.notAuthorized }
    case 'kept':
      return row.answer !== null && row.answerFingerprint === claim.fingerprint
        ? { outcome: 'replay', answer: row.answer as A }
        : { outcome: 'other-fields' }
    default:
      return { outcome: 'first', answer: row.answer as A }
  }
}

export class TransferDecisionRefused extends Error {}

/**
 * An operator's decision on an in-progress transfer. Settled: a posting moves the held amount
 * (the payee's part out, the charge to fees) and releases the hold; its line becomes successful.
 * Failed: the hold is voided, nothing left the account, the line says failed. Either way the
 * customer is told (notification and e-mail). An account on hold cannot be settled from: fail
 * the transfer, or clear the notice first.
 */
export async function decideTransfer(
  db: Database,
  transferId: number,
  decision: { settle: true } | { settle: false; reason?: string },
  now: Date,
  /** The member of staff who decides; null: the terminal before staff existed. */
  decidedBy: number | null = null,
) {
  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(transfers)
      .where(eq(transfers.id, transferId))
      .for('update')
    if (!transfer) throw new TransferDecisionRefused(`No transfer with id ${transferId}.`)
    if (transfer.status !== 'in_progress' || transfer.holdId === null)
      throw new TransferDecisionRefused(
        (await alreadyDecided(
          tx,
          transfer,
          transfer.status === 'successful' ? 'settled' : transfer.status,
          'transfer',
        )) ?? `Transfer ${transferId} is already ${transfer.status}.`,
      )
    const [customer] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, transfer.userId))
    if (!customer) throw new Error(`user ${transfer.userId} vanished`)
    const symbol = currencySymbolOf(transfer.currency)
    const sent = formatMoney(transfer.amount, symbol)
    const received = formatMoney(transfer.amount - transfer.charge, symbol)
    const story = { sent, received, payee: transfer.actHoldName }
    if (decision.settle) {
      let postingId: number
      try {
        postingId = await post(tx, {
          kind: 'transfer',
          memo: `Transfer ${transferId} to ${transfer.actHoldName}`,
          settlesHold: transfer.holdId,
          lines: settlementLines(transfer),
        })
      } catch (error) {
        if (error instanceof DebitsBlocked)
          throw new TransferDecisionRefused(
            `Transfer ${transferId}: the customer's account is on hold. Fail the transfer, or clear the notice first.`,
          )
        throw error
      }
      await tx
        .update(transfers)
        .set({ status: 'successful', decidedAt: now, decidedByStaffId: decidedBy, postingId })
        .where(eq(transfers.id, transferId))
      await tx
        .update(transactions)
        .set({ status: 'successful', postingId })
        .where(eq(transactions.id, transfer.transactionId))
      await tellCustomer(
        tx,
        transfer.userId,
        transferSettledMail(customer.email, customer.language, story),
        now,
      )
      return `Transfer ${transferId} settled.`
    }
    await voidHold(tx, transfer.holdId)
    await tx
      .update(transfers)
      .set({ status: 'failed', decidedAt: now, decidedByStaffId: decidedBy })
      .where(eq(transfers.id, transferId))
    await tx
      .update(transactions)
      .set({ status: 'failed', note: decision.reason ?? null })
      .where(eq(transactions.id, transfer.transactionId))
    const mail = transferFailedMail(customer.email, customer.language, {
      ...story,
      reason: decision.reason,
    })
    await tellCustomer(tx, transfer.userId, mail, now)
    return `Transfer ${transferId} failed; the ${sent} held for it is available again.`
  })
}

/** The settlement of a transfer: the payee's part out, the charge to the bank's fees. */
function settlementLines(transfer: typeof transfers.$inferSelect): PostingLine[] {
  const customer = customerAccountCode(transfer.userId)
  const toPayee = transfer.amount - transfer.charge
  const lines: PostingLine[] = [
    { account: customer, amount: -toPayee },
    { account: bankAccountCodes.transfersOut, amount: toPayee },
  ]
  if (transfer.charge > 0)
    lines.push(
      { account: customer, amount: -transfer.charge },
      { account: bankAccountCodes.fees, amount: transfer.charge },
    )
  return lines
}

/** The same words in the portal's notifications and by e-mail. */
async function tellCustomer(tx: Queryable, userId: number, mail: ComposedMail, now: Date) {
  await tx
    .insert(notifications)
    .values({ userId, title: mail.title, body: mail.summary, createdAt: now })
  await enqueueMail(tx, mail, now)
}
