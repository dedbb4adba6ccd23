import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { customerAccountCode } from '../db/ledger'
import { bankAccounts, bankSettings, ledgerAccounts } from '../db/schema'
import { loadCustomer, totalsOf, transactionsOf } from '../views/customer'
import { accountNoticeOf } from './account-notices'
import { unreadCount } from './notifications'

/** A random 10-digit account number that is not taken yet. */
async function freshAccountNumber(db: Queryable): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(1_000_000_000, 10_000_000_000))
    const taken = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.accountNo, candidate))
    if (taken.length === 0) return candidate
  }
}

/** Opens the customer's bank account (with the bank's institution details) and ledger account. */
export async function openCustomerAccount(db: Queryable, userId: number, currency = 'USD') {
  const [settings] = await db.select().from(bankSettings)
  const accountNo = await freshAccountNumber(db)
  await db.insert(bankAccounts).values({
    userId,
    accountNo,
    currency,
    swiftCode: settings?.swiftCode ?? null,
    routingNo: settings?.routingNo ?? null,
    country: settings?.country ?? null,
  })
  await db
    .insert(ledgerAccounts)
    .values({ code: customerAccountCode(userId), kind: 'customer', userId, currency })
  return { accountNo }
}

/** How many transactions the dashboard lists; Statements & Report pages through all. */
export const recentTransactionCount = 10

/**
 * The dashboard's account: the customer with balance, the lifetime totals, the latest
 * transactions, the unread count and the blocking notice, if any.
 */
export async function accountOverview(db: Queryable, userId: number) {
  const customer = await loadCustomer(db, userId)
  const [totals, recent, unread, notice] = await Promise.all([
    totalsOf(db, userId),
    transactionsOf(db, userId, { limit: recentTransactionCount }),
    unreadCount(db, userId),
    accountNoticeOf(db, userId),
  ])
  return { customer, totals, recent, unread, notice }
}
