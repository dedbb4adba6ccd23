import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableBalanceOf,
  balanceOf,
  bankAccountCodes,
  customerAccountCode,
  customerTotals,
  ledgerSums,
  post,
} from '#server/db/ledger'
import { holds, transactions, transferAuthorizations, transfers } from '#server/db/schema'
import { decideTransfer } from '#server/domain/transfers'
import { bothDatabases } from './support/databases'
import { payingCustomer } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'

/** The step of migration 0012 that moves transfers in progress to holds (its `DO` block). */
async function holdsStep(): Promise<string> {
  const text = await readFile(new URL('../../server/db/migrations/0012_holds.sql', import.meta.url))
  const step = text
    .toString()
    .split('--> statement-breakpoint')
    .find((part) => part.includes('DO $$'))
  if (!step) throw new Error('0012_holds.sql has no DO block')
  return step
}

/**
 * A transfer in progress as it was before holds: debited at once by a posting, its line and
 * transfer pointing at that posting.
 */
async function transferBeforeHolds(t: TestApp, userId: number, amount: number, charge: number) {
  const account = customerAccountCode(userId)
  const postingId = await post(t.db, {
    kind: 'transfer',
    lines: [
      { account, amount: -(amount - charge) },
      { account: bankAccountCodes.transfersOut, amount: amount - charge },
      { account, amount: -charge },
      { account: bankAccountCodes.fees, amount: charge },
    ],
  })
  const now = t.clock.now()
  const authorization = `old-${userId}-${amount}`
  await t.db.insert(transferAuthorizations).values({
    id: authorization,
    userId,
    amount,
    payeeKey: 'OLDBGB2L/1',
    stepUpRequired: false,
    authorizedAt: now,
    usedAt: now,
    expiresAt: now,
  })
  const [line] = await t.db
    .insert(transactions)
    .values({
      userId,
      postingId,
      ref2: `old-${userId}-${amount}`,
      name: 'Transfer to Old Payee',
      transactionType: 'debit',
      type: 'Bank Transfer',
      amount,
      charge,
      status: 'in_progress',
    })
    .returning({ id: transactions.id })
  const [transfer] = await t.db
    .insert(transfers)
    .values({
      userId,
      authorizationId: authorization,
      postingId,
      amount,
      charge,
      currency: 'USD',
      transactionId: line?.id as number,
      payeeKey: 'OLDBGB2L/1',
      bank: 'Old Bank',
      actHoldName: 'Old Payee',
      actNo: '1',
    })
    .returning({ id: transfers.id })
  return transfer?.id as number
}

describe.each(bothDatabases)('migration 0012 on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('moves a transfer in progress to a hold: the available balance is unchanged, the booked one goes back up, and it settles from the hold', async () => {
    const c = await payingCustomer(t, 50_000)
    const account = customerAccountCode(c.id)
    const transferId = await transferBeforeHolds(t, c.id, 10_000, 1_000)
    expect([await availableBalanceOf(t.db, account), await balanceOf(t.db, account)]).toEqual([
      40_000, 40_000,
    ])
    expect(await customerTotals(t.db, c.id)).toEqual({ credit: 50_000, debit: 10_000 })

    await t.db.execute(sql.raw(await holdsStep()))
    expect([await availableBalanceOf(t.db, account), await balanceOf(t.db, account)]).toEqual([
      40_000, 50_000,
    ])
    expect(await customerTotals(t.db, c.id)).toEqual({ credit: 50_000, debit: 0 })
    const [moved] = await t.db.select().from(transfers).where(eq(transfers.id, transferId))
    expect(moved).toMatchObject({ status: 'in_progress', postingId: null })
    const [hold] = await t.db
      .select()
      .from(holds)
      .where(eq(holds.id, moved?.holdId as number))
    expect(hold).toMatchObject({ amount: 10_000, state: 'pending' })
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })

    // Run again, it finds nothing left to move.
    await t.db.execute(sql.raw(await holdsStep()))
    expect(await t.db.$count(holds, eq(holds.id, hold?.id as number))).toBe(1)
    expect(await balanceOf(t.db, account)).toBe(50_000)

    await decideTransfer(t.db, transferId, { settle: true }, t.clock.now())
    expect([await availableBalanceOf(t.db, account), await balanceOf(t.db, account)]).toEqual([
      40_000, 40_000,
    ])
    expect(await customerTotals(t.db, c.id)).toEqual({ credit: 50_000, debit: 10_000 })
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
  })
})
