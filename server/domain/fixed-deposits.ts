import { and, asc, eq, lte } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import type { Database, Transaction } from '../db/database'
import {
  bankAccountCodes,
  customerAccountCode,
  fixedDepositAccountCode,
  openHoldingAccount,
  post,
} from '../db/ledger'
import { fixedDeposits, notifications, transactions } from '../db/schema'
import { startPeriodicJob } from '../jobs/periodic-job'
import { newReceiptId } from './receipts'

/**
 * Fixed deposits: the confirmed amount comes in from outside into a holding account of its own
 * (not the spendable balance), for the plan's term at the plan's yearly rate, simple interest.
 * At maturity a scheduled job pays amount + interest into the customer's balance.
 */
const day = 24 * 3_600_000

/**
 * Simple interest for the term, rounded down to the minor unit. In integers: the product of the
 * three can pass 2^53 (a large amount at a high rate for years), where a float is not exact.
 */
export const interestFor = (amount: number, rateBasisPoints: number, termDays: number) =>
  Number((BigInt(amount) * BigInt(rateBasisPoints) * BigInt(termDays)) / BigInt(10_000 * 365))

export async function startFixedDeposit(
  tx: Transaction,
  deposit: {
    userId: number
    requestId: number
    planName: string
    amount: number
    rateBasisPoints: number
    termDays: number
  },
  now: Date,
) {
  const interest = interestFor(deposit.amount, deposit.rateBasisPoints, deposit.termDays)
  const maturesAt = new Date(now.getTime() + deposit.termDays * day)
  const [row] = await tx
    .insert(fixedDeposits)
    .values({ ...deposit, interest, ledgerAccountCode: '', startsAt: now, maturesAt })
    .returning({ id: fixedDeposits.id })
  const id = row?.id as number
  const code = fixedDepositAccountCode(id)
  await tx.update(fixedDeposits).set({ ledgerAccountCode: code }).where(eq(fixedDeposits.id, id))
  await openHoldingAccount(tx, code, deposit.userId)
  const postingId = await post(tx, {
    kind: 'fixed-deposit',
    memo: `Fixed deposit ${id} (${deposit.planName})`,
    lines: [
      { account: bankAccountCodes.received, amount: -deposit.amount },
      { account: code, amount: deposit.amount },
    ],
  })
  return { id, interest, maturesAt, postingId }
}

/** Pays every matured deposit (rows claimed with SKIP LOCKED: safe with several servers). */
export async function payMaturedDeposits(db: Database, now: Date, currencySymbol = '$') {
  let paid = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(fixedDeposits)
        .where(and(eq(fixedDeposits.status, 'active'), lte(fixedDeposits.maturesAt, now)))
        .orderBy(asc(fixedDeposits.maturesAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return false
      const total = due.amount + due.interest
      const lines = [
        { account: due.ledgerAccountCode, amount: -due.amount },
        { account: customerAccountCode(due.userId), amount: total },
      ]
      if (due.interest > 0)
        lines.push({ account: bankAccountCodes.interest, amount: -due.interest })
      const postingId = await post(tx, {
        kind: 'fixed-deposit-payout',
        memo: `Fixed deposit ${due.id} matured`,
        idempotencyKey: `fixed-deposit-payout:${due.id}`,
        lines,
      })
      await tx
        .update(fixedDeposits)
        .set({ status: 'paid', payoutPostingId: postingId, paidAt: now })
        .where(eq(fixedDeposits.id, due.id))
      await tx.insert(transactions).values({
        userId: due.userId,
        postingId,
        ref2: newReceiptId(),
        name: `Fixed deposit matured (${due.planName})`,
        transactionType: 'credit',
        type: 'Fixed Deposit',
        amount: total,
        status: 'successful',
        createdAt: now,
      })
      await tx.insert(notifications).values({
        userId: due.userId,
        title: 'Fixed deposit matured',
        body: `Your fixed deposit of ${formatMoney(due.amount, currencySymbol)} (${due.planName}) has matured: ${formatMoney(total, currencySymbol)}, interest included, is now in your balance.`,
        createdAt: now,
      })
      return true
    })
    if (!done) return paid
    paid++
  }
}

/** Runs `payMaturedDeposits` every `intervalMs` (an hour by default) while the server runs. */
export function startMaturityJob(options: {
  db: Database
  now: () => Date
  log: (line: string) => void
  intervalMs?: number
}) {
  return startPeriodicJob({
    name: 'fixed deposit payout',
    intervalMs: options.intervalMs ?? 3_600_000,
    log: options.log,
    round: async () => {
      const paid = await payMaturedDeposits(options.db, options.now())
      return paid > 0 ? `fixed deposits: ${paid} matured and paid` : null
    },
  })
}
