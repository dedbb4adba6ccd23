import { eq, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '#server/db/database'
import {
  balanceOf,
  bankAccountCodes,
  customerAccountCode,
  customerTotals,
  DuplicatePosting,
  ensureBankAccounts,
  InsufficientFunds,
  ledgerSums,
  post,
} from '#server/db/ledger'
import { ledgerAccounts, ledgerEntries, users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import { bothDatabases, openTestDatabase } from './support/databases'

describe.each(bothDatabases)('the ledger on %s', (target) => {
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

  let customerId: number
  const newCustomer = async (name: string) => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `${name}@x.example`,
        username: name,
        firstName: 'L',
        lastName: 'X',
        fullname: 'L X',
        passcodeHash: 'x',
      })
      .returning({ id: users.id })
    await openCustomerAccount(database.db, user?.id as number)
    return user?.id as number
  }

  beforeAll(async () => {
    database = await openTestDatabase(target)
    await ensureBankAccounts(database.db)
    customerId = await newCustomer('l')
    customer = customerAccountCode(customerId)
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
  it('keeps the bank accounts free of cached balances: nothing queues on their rows', async () => {
    const bankRows = await database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'bank'))
    expect(bankRows.every((row) => row.balance === 0)).toBe(true)
    // ...yet each has its balance, summed from its entries, and the books balance.
    expect(await balanceOf(database.db, bankAccountCodes.transfersOut)).toBeGreaterThan(0)
    expect(await ledgerSums(database.db)).toEqual({ accounts: 0, entries: 0 })
  })

  it('keeps the customer totals: credits, debits, and a refund takes its debit back', async () => {
    const id = await newCustomer('totals')
    const account = customerAccountCode(id)
    await post(database.db, {
      kind: 'deposit',
      lines: [
        { account: bankAccountCodes.received, amount: -50_000 },
        { account, amount: 50_000 },
      ],
    })
    const sent = await post(database.db, {
      kind: 'transfer',
      lines: [
        { account, amount: -9_000 },
        { account, amount: -1_000 },
        { account: bankAccountCodes.transfersOut, amount: 9_000 },
        { account: bankAccountCodes.fees, amount: 1_000 },
      ],
    })
    expect(await customerTotals(database.db, id)).toEqual({ credit: 50_000, debit: 10_000 })
    await post(database.db, {
      kind: 'transfer-reversal',
      reverses: sent,
      lines: [
        { account, amount: 9_000 },
        { account, amount: 1_000 },
        { account: bankAccountCodes.transfersOut, amount: -9_000 },
        { account: bankAccountCodes.fees, amount: -1_000 },
      ],
    })
    expect(await customerTotals(database.db, id)).toEqual({ credit: 50_000, debit: 0 })
    expect(await balanceOf(database.db, account)).toBe(50_000)
  })

  it('refuses an overdraft in one statement that leaves the transaction usable', async () => {
    const before = await balanceOf(database.db, customer)
    const entries = await database.db.$count(ledgerEntries)
    const refusedThenDeposited = await database.db.transaction(async (tx) => {
      await expect(
        post(tx, {
          kind: 'transfer',
          lines: [
            { account: customer, amount: -(before + 1) },
            { account: bankAccountCodes.transfersOut, amount: before + 1 },
          ],
        }),
      ).rejects.toBeInstanceOf(InsufficientFunds)
      // No savepoint: the same transaction carries on and commits.
      return post(tx, {
        kind: 'deposit',
        lines: [
          { account: bankAccountCodes.received, amount: -5 },
          { account: customer, amount: 5 },
        ],
      })
    })
    expect(refusedThenDeposited).toBeGreaterThan(0)
    expect(await balanceOf(database.db, customer)).toBe(before + 5)
    expect(await database.db.$count(ledgerEntries)).toBe(entries + 2)
    expect(await ledgerSums(database.db)).toEqual({ accounts: 0, entries: 0 })
  })

  it('refuses a posting to an unknown account and writes nothing of it', async () => {
    const before = await balanceOf(database.db, customer)
    const entries = await database.db.$count(ledgerEntries)
    await expect(
      post(database.db, {
        kind: 'deposit',
        lines: [
          { account: 'bank:nowhere', amount: -7 },
          { account: customer, amount: 7 },
        ],
      }),
    ).rejects.toThrow(/no ledger account/)
    expect(await balanceOf(database.db, customer)).toBe(before)
    expect(await database.db.$count(ledgerEntries)).toBe(entries)
  })

  it.runIf(target === 'postgres')(
    'does not make one customer wait for another customer’s open transfer',
    async () => {
      const other = customerAccountCode(await newCustomer('parallel'))
      await post(database.db, {
        kind: 'deposit',
        lines: [
          { account: bankAccountCodes.received, amount: -1_000 },
          { account: other, amount: 1_000 },
        ],
      })
      const transfer = (account: string) => ({
        kind: 'transfer',
        lines: [
          { account, amount: -100 },
          { account: bankAccountCodes.fees, amount: 10 },
          { account: bankAccountCodes.transfersOut, amount: 90 },
        ],
      })
      await database.db.transaction(async (tx) => {
        await post(tx, transfer(customer))
        // This transaction still holds its locks; a second customer's transfer on another
        // connection must finish now, not after it.
        const outcome = await Promise.race([
          post(database.db, transfer(other)).then(() => 'done'),
          new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
        ])
        expect(outcome).toBe('done')
      })
    },
  )
})
