import { eq, type SQL, sql } from 'drizzle-orm'
import { currencySymbol as currencySymbolOf, formatMoney } from '#api/money'
import { liveSessionSql } from '../auth/sessions'
import type { Database, Queryable } from '../db/database'
import { violatedUniqueIndex } from '../db/errors'
import {
  bankAccountCodes,
  customerAccountCode,
  guardedDebit,
  type PostingLine,
  post,
} from '../db/ledger'
import { staticStatement } from '../db/prepared'
import { bankAccounts, notifications, transactions, transfers, users } from '../db/schema'
import { enqueueMail } from '../mail/outbox'
import { type ComposedMail, transferFailedMail, transferSettledMail } from '../mail/templates'
import { isCurrencyOf } from './account-currency'
import { serviceChargeSql } from './bank-configuration'
import { type Claim, earlierSubmission, keptSubmission, type Submission } from './idempotency'
import { type PayeeDetails, savePayeeWithPosting } from './payees'
import { newReceiptId } from './receipts'
import { type ApprovedTransfer, bindingOf } from './transfer-authorization'

/**
 * A transfer leaves the balance at once, in full: the payee's part to `bank:transfers-out` and
 * the service charge to `bank:fees`, two entries from the customer's account. It stays in
 * progress until an operator settles it, or fails it: then a reversing posting refunds both and
 * the customer is notified.
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
  posted: (posted: { currencySymbol: string }) => A
  insufficient: A
  /** The account is under a notice (or frozen): nothing may leave it. */
  blocked: A
  /** Not kept: the customer may complete the authorisation and send the same key again. */
  notAuthorized: A
  /** Not kept: the transfer names another currency than the account's. */
  otherCurrency: (accountCurrency: string) => A
}

/** Whose signed-in session the statement checks, and the ordinary check for the other paths. */
export interface TransferSession {
  tokenHash: string
  idleMs: number
  check(): Promise<unknown>
}

interface TransferRow {
  signedIn: boolean
  currency: string | null
  claimed: boolean
  covered: boolean | null
  blocked: boolean | null
  postingId: number | null
  entries: number
  charge: string | number | null
}

/**
 * The customer's currency as the last transfer's statement read it, per database: the statement
 * is given it (the kept answer and the notification show its symbol) and checks it, so a
 * changed currency costs one more statement, never a wrong symbol.
 */
const currencies = new WeakMap<Database, Map<number, string | null>>()

async function currencyOf(db: Database, userId: number): Promise<string | null> {
  const known = currencies.get(db)?.get(userId)
  if (known !== undefined) return known
  const [account] = await db
    .select({ currency: bankAccounts.currency })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
  return account?.currency ?? null
}

function rememberCurrency(db: Database, userId: number, currency: string | null) {
  let known = currencies.get(db)
  if (!known || known.size >= 10_000) {
    known = new Map()
    currencies.set(db, known)
  }
  known.set(userId, currency)
}

/**
 * `newtrs` under its idempotency key as one statement (docs/decisions/059): it consumes the
 * authorisation, reads the charge setting, debits the customer's account if the balance covers
 * the amount, claims the key with the answer (posted, or "Insufficient balance"), posts, and
 * writes the customer's rows (and the saved payee). A statement is atomic: nothing of it is
 * left when it fails. A refused authorisation claims nothing (the key stays free, the answer is
 * not kept); a taken key (a replay, or other fields) fails the statement or finds the
 * authorisation used, and its earlier answer is read by a second statement.
 */
export async function submitTransfer<A>(
  db: Database,
  claim: Claim,
  session: TransferSession,
  order: TransferOrder,
  now: Date,
  answers: TransferAnswers<A>,
  payee?: PayeeDetails,
): Promise<Submission<A> | { outcome: 'session-ended' }> {
  if (!Number.isSafeInteger(order.amount) || order.amount <= 0)
    throw new RangeError(`a transfer must be a positive integer amount, not ${order.amount}`)
  let currency = await currencyOf(db, order.userId)
  for (let attempt = 0; attempt < 3; attempt++) {
    // The currency sent must name the account's, which the binding then holds.
    if (!isCurrencyOf(order.currency, currency ?? 'USD')) {
      await session.check()
      return { outcome: 'first', answer: answers.otherCurrency(currency ?? 'USD') }
    }
    const currencySymbol = currencySymbolOf(currency ?? 'USD')
    const answer = answers.posted({ currencySymbol })
    const values = {
      tokenHash: session.tokenHash,
      idleMs: session.idleMs,
      userId: order.userId,
      key: claim.key,
      call: claim.call,
      fingerprint: claim.fingerprint,
      authorization: order.authorization,
      at: now.toISOString(),
      amount: order.amount,
      payeeKey: order.payeeKey,
      binding: bindingOf({ ...order, currency: currency ?? 'USD' }),
      currency,
      account: customerAccountCode(order.userId),
      memo: `Transfer to ${order.actHoldName}`,
      transfersOut: bankAccountCodes.transfersOut,
      fees: bankAccountCodes.fees,
      insufficient: JSON.stringify(answers.insufficient),
      blocked: JSON.stringify(answers.blocked),
      answer: JSON.stringify(answer),
      transferRef: newReceiptId(),
      bank: order.bank,
      actHoldName: order.actHoldName,
      actNo: order.actNo,
      country: order.country,
      swift: order.swift,
      routing: order.routing,
      note: order.note,
      notice: `Your transfer of ${formatMoney(order.amount, currencySymbol)} to ${order.actHoldName} is being processed.`,
    }
    let result: unknown
    try {
      result = await (payee
        ? sendTransferSavingPayee(db, { ...values, payeeCurrency: payee.currency })
        : sendTransfer(db, values))
    } catch (error) {
      if (violatedUniqueIndex(error) !== 'idempotent_submissions_key') throw error
      // The statement failed as a whole: whether the session is live was not established.
      await session.check()
      return earlierSubmission<A>(db, claim)
    }
    const [row] = (result as unknown as { rows: TransferRow[] }).rows
    if (!row) throw new Error('the transfer statement returned nothing')
    if (!row.signedIn) return { outcome: 'session-ended' }
    if (row.currency !== currency) {
      // Read before the statement (or remembered): changed since. Nothing was written.
      currency = row.currency
      rememberCurrency(db, order.userId, currency)
      continue
    }
    rememberCurrency(db, order.userId, currency)
    if (!row.claimed)
      return (
        (await keptSubmission<A>(db, claim)) ?? { outcome: 'first', answer: answers.notAuthorized }
      )
    if (row.covered === false)
      return { outcome: 'first', answer: row.blocked ? answers.blocked : answers.insufficient }
    const charge = Number(row.charge)
    if (row.postingId === null || row.entries !== (charge > 0 ? 4 : 2))
      throw new Error('the transfer statement wrote no posting')
    return { outcome: 'first', answer }
  }
  throw new Error('the customer’s currency kept changing during a transfer')
}

const parameters = {
  tokenHash: 'text',
  idleMs: 'bigint',
  userId: 'int',
  key: 'text',
  call: 'text',
  fingerprint: 'text',
  authorization: 'text',
  at: 'timestamptz',
  amount: 'bigint',
  payeeKey: 'text',
  binding: 'text',
  currency: 'text',
  account: 'text',
  memo: 'text',
  transfersOut: 'text',
  fees: 'text',
  insufficient: 'jsonb',
  blocked: 'jsonb',
  answer: 'jsonb',
  transferRef: 'text',
  bank: 'text',
  actHoldName: 'text',
  actNo: 'text',
  country: 'text',
  swift: 'text',
  routing: 'text',
  note: 'text',
  notice: 'text',
} as const
type Parameter = keyof typeof parameters

/**
 * The transfer's statement, its text built once (two shapes: with the payee saved or not).
 * Of two submissions under one authorisation, the second waits for its row lock and then finds
 * it used. A key already taken fails the claim's insert (after waiting for a claim under way),
 * and with it the whole statement: the authorisation is not consumed and nothing is written.
 * The lock order is authorisation, account, key. The charge is the bank's setting as this
 * statement reads it: no copy of it can be stale.
 */
function transferStatement(p: Record<Parameter, SQL>, savedPayee?: SQL) {
  const charge = sql`(select charge from charge)`
  const debit = guardedDebit({
    kind: sql`'transfer'`,
    memo: p.memo,
    from: p.account,
    total: p.amount,
    rest: p.transfersOut,
    parts: [{ account: p.fees, amount: charge }],
    when: sql`exists (select from consumed)`,
  })
  return sql`
    with ${liveSessionSql({ tokenHash: p.tokenHash, userId: p.userId, now: p.at, idleMs: p.idleMs })},
    consumed as (
      update transfer_authorizations set used_at = ${p.at}
      where id = ${p.authorization} and user_id = ${p.userId} and exists (select from live)
        and authorized_at is not null and used_at is null and expires_at > ${p.at}
        and amount = ${p.amount} and binding = ${p.binding}
        and (select currency from bank_accounts where user_id = ${p.userId})
          is not distinct from ${p.currency}
      returning id
    ),
    charge as (select ${serviceChargeSql(p.amount)} as charge),
    ${debit},
    claimed as (
      insert into idempotent_submissions (user_id, key, call, fingerprint, answer)
      select ${p.userId}, ${p.key}, ${p.call}, ${p.fingerprint},
        case when exists (select from updated) then ${p.answer}
          when (select debits_blocked from debited) then ${p.blocked}
          else ${p.insufficient} end
      from consumed
      returning id
    ),
    ${customerRows(p, charge)}${
      savedPayee
        ? sql`,
    payee as (${savedPayee})`
        : sql``
    }
    select exists (select from live) as "signedIn",
      (select currency from bank_accounts where user_id = ${p.userId}) as currency,
      exists (select from claimed) as claimed,
      exists (select from updated) as covered,
      (select debits_blocked from debited) as blocked,
      (select id from posting) as "postingId",
      (select count(*) from entries)::int as entries,
      (select charge from charge)::text as charge`
}

const sendTransfer = staticStatement(parameters, (p) => transferStatement(p))
const sendTransferSavingPayee = staticStatement({ ...parameters, payeeCurrency: 'text' }, (p) =>
  transferStatement(
    p,
    savePayeeWithPosting({
      userId: p.userId,
      payeeKey: p.payeeKey,
      bank: p.bank,
      swift: p.swift,
      routing: p.routing,
      country: p.country,
      actNo: p.actNo,
      actHoldName: p.actHoldName,
      currency: p.payeeCurrency,
    }),
  ),
)

/**
 * The customer's rows of a posted transfer, as CTEs of its statement (they read its CTE
 * `posting`, and write nothing when it is refused): one `transactions` line with what left the
 * balance and the charge inside it, the `transfers` row that points at it, and the notification.
 */
function customerRows(p: Record<Parameter, SQL>, charge: SQL) {
  return sql`
    customer_row as (
      insert into transactions (user_id, posting_id, ref2, name, transaction_type, type, amount,
        charge, currency, status, bank, act_hold_name, act_no, country, swift, routing, note,
        created_at)
      select ${p.userId}, posting.id, ${p.transferRef}, ${p.memo}, 'debit', 'Bank Transfer',
        ${p.amount}, ${charge}, ${p.currency}, 'in_progress', ${p.bank}, ${p.actHoldName},
        ${p.actNo}, ${p.country}, ${p.swift}, ${p.routing}, ${p.note}, ${p.at}
      from posting
      returning id
    ),
    transfer as (
      insert into transfers (user_id, authorization_id, posting_id, amount, charge, currency,
        transaction_id, payee_key, bank, act_hold_name, act_no, created_at)
      select ${p.userId}, ${p.authorization}, posting.id, ${p.amount}, ${charge}, ${p.currency},
        (select id from customer_row), ${p.payeeKey}, ${p.bank}, ${p.actHoldName}, ${p.actNo},
        ${p.at}
      from posting
    ),
    notice as (
      insert into notifications (user_id, title, body, created_at)
      select ${p.userId}, 'Transfer in progress', ${p.notice}, ${p.at}
      from posting
    )`
}

export class TransferDecisionRefused extends Error {}

/**
 * An operator's decision on an in-progress transfer. Settled: its line becomes successful and
 * the customer is told (notification and e-mail). Failed: a reversing posting gives back the
 * whole amount, charge included, shown as a refund line of its own; the transfer's line becomes
 * failed and the customer is told why.
 */
export async function decideTransfer(
  db: Database,
  transferId: number,
  decision: { settle: true } | { settle: false; reason?: string },
  now: Date,
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
    const [customer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, transfer.userId))
    if (!customer) throw new Error(`user ${transfer.userId} vanished`)
    const sent = formatMoney(transfer.amount, currencySymbolOf(transfer.currency))
    const received = formatMoney(
      transfer.amount - transfer.charge,
      currencySymbolOf(transfer.currency),
    )
    const story = { sent, received, payee: transfer.actHoldName }
    if (decision.settle) {
      await tx
        .update(transfers)
        .set({ status: 'successful', decidedAt: now })
        .where(eq(transfers.id, transferId))
      await tx
        .update(transactions)
        .set({ status: 'successful' })
        .where(eq(transactions.id, transfer.transactionId))
      await tellCustomer(tx, transfer.userId, transferSettledMail(customer.email, story), now)
      return `Transfer ${transferId} settled.`
    }
    const reversalPostingId = await post(tx, {
      kind: 'transfer-reversal',
      memo: `Refund of transfer ${transferId}`,
      reverses: transfer.postingId,
      lines: refundLines(transfer),
    })
    const [refund] = await tx
      .insert(transactions)
      .values({
        userId: transfer.userId,
        postingId: reversalPostingId,
        ref2: newReceiptId(),
        name: `Refund: transfer to ${transfer.actHoldName}`,
        transactionType: 'credit',
        type: 'Refund',
        amount: transfer.amount,
        currency: transfer.currency,
        status: 'successful',
        note: decision.reason ?? null,
        createdAt: now,
      })
      .returning({ id: transactions.id })
    await tx
      .update(transfers)
      .set({ status: 'failed', decidedAt: now, reversalPostingId, refundTransactionId: refund?.id })
      .where(eq(transfers.id, transferId))
    await tx
      .update(transactions)
      .set({ status: 'failed' })
      .where(eq(transactions.id, transfer.transactionId))
    const mail = transferFailedMail(customer.email, { ...story, reason: decision.reason })
    await tellCustomer(tx, transfer.userId, mail, now)
    return `Transfer ${transferId} failed; ${sent} refunded.`
  })
}

/** The refund of a failed transfer: the payee's part and the charge back to the customer. */
function refundLines(transfer: typeof transfers.$inferSelect): PostingLine[] {
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
  return lines
}

/** The same words in the portal's notifications and by e-mail. */
async function tellCustomer(tx: Queryable, userId: number, mail: ComposedMail, now: Date) {
  await tx
    .insert(notifications)
    .values({ userId, title: mail.title, body: mail.summary, createdAt: now })
  await enqueueMail(tx, mail, now)
}
