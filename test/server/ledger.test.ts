import { eq, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '#server/db/database'
import {
  balanceOf,
  bankAccountCodes,
  customerAccountCode,
  DuplicatePosting,
  ensureBankAccounts,
  InsufficientFunds,
  post,
} from '#server/db/ledger'
import { ledgerEntries, users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import { databaseTargets, openTestDatabase } from './support/databases'

describe.each(databaseTargets)('the ledger on %s', (target) => {
  let database: OpenDatabase
  let customer: string
  const deposit = (amount: number, idempotencyKey?: string) =>
    post(database.db, {
      kind: 'deposit',
      idempotencyKey,
      lines: [
        { account: bankAccountCodes.received, amount: -amount },
        { account: customer, amount },
      ],
    })
  const withdraw = (amount: number) =>
    database.db.transaction((tx) =>
      post(tx, {
        kind: 'transfer',
        lines: [
          { account: customer, amount: -amount },
          { account: bankAccountCodes.transfersOut, amount },
        ],
      }),
    )

  beforeAll(async () => {
    database = await openTestDatabase(target)
    await ensureBankAccounts(database.db)
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'l@x.example',
        username: 'l',
        firstName: 'L',
        lastName: 'X',
        fullname: 'L X',
        passcodeHash: 'x',
      })
      .returning({ id: users.id })
    await openCustomerAccount(database.db, user?.id as number)
    customer = customerAccountCode(user?.id as number)
  })
  afterAll(() => database.close())

  it('moves money with entries that sum to zero', async () => {
    const postingId = await deposit(10_000)
    expect(await balanceOf(database.db, customer)).toBe(10_000)
    const [total] = await database.db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.postingId, postingId))
    expect(Number(total?.total)).toBe(0)
  })

  it('refuses unbalanced, fractional or one-sided postings', async () => {
    await expect(
      post(database.db, {
        kind: 'x',
        lines: [
          { account: customer, amount: 5 },
          { account: bankAccountCodes.fees, amount: -4 },
        ],
      }),
    ).rejects.toThrow(/sum to 1/)
    await expect(
      post(database.db, {
        kind: 'x',
        lines: [
          { account: customer, amount: 0.5 },
          { account: bankAccountCodes.fees, amount: -0.5 },
        ],
      }),
    ).rejects.toThrow(/integer/)
    await expect(
      post(database.db, { kind: 'x', lines: [{ account: customer, amount: 0 }] }),
    ).rejects.toThrow(/two entries/)
  })

  it('never lets a customer balance go below zero, and changes nothing when it refuses', async () => {
    const before = await balanceOf(database.db, customer)
    await expect(withdraw(before + 1)).rejects.toBeInstanceOf(InsufficientFunds)
    expect(await balanceOf(database.db, customer)).toBe(before)
    expect(await balanceOf(database.db, bankAccountCodes.transfersOut)).toBe(0)
  })

  it('makes a retried posting a no-op', async () => {
    const before = await balanceOf(database.db, customer)
    await database.db.transaction((tx) =>
      post(tx, {
        kind: 'deposit',
        idempotencyKey: 'retry-1',
        lines: [
          { account: bankAccountCodes.received, amount: -100 },
          { account: customer, amount: 100 },
        ],
      }),
    )
    await expect(
      database.db.transaction((tx) =>
        post(tx, {
          kind: 'deposit',
          idempotencyKey: 'retry-1',
          lines: [
            { account: bankAccountCodes.received, amount: -100 },
            { account: customer, amount: 100 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(DuplicatePosting)
    expect(await balanceOf(database.db, customer)).toBe(before + 100)
  })

  it('lets only as many parallel withdrawals through as the balance covers', async () => {
    const balance = await balanceOf(database.db, customer)
    const each = Math.floor(balance / 3) + 1 // only two of these fit
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => withdraw(each)))
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length
    expect(succeeded).toBe(2)
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientFunds)
    }
    expect(await balanceOf(database.db, customer)).toBe(balance - 2 * each)
  })
})
