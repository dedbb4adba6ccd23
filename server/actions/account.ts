import { and, eq } from 'drizzle-orm'
import { toDecimalString } from '#api/money'
import { accountNotices, bankSettings, transactions, users } from '../db/schema'
import { pendingEmailChange } from '../domain/email-change'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import {
  dashboardUserOf,
  loadCustomer,
  totalsOf,
  transactionsOf,
  transactionView,
} from '../views/customer'
import { unreadCount } from './notifications'

/** How many transactions the dashboard lists; Statements & Report pages through all. */
export const recentTransactionCount = 10

export const getstatement: Handler<'getstatement'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const customer = await loadCustomer(deps.db, userId)
  const [totals, recent, nc, notices] = await Promise.all([
    totalsOf(deps.db, userId),
    transactionsOf(deps.db, userId, { limit: recentTransactionCount }),
    unreadCount(deps.db, userId),
    deps.db.select().from(accountNotices).where(eq(accountNotices.userId, userId)),
  ])
  const notice = notices[0]
  return {
    user: dashboardUserOf(customer),
    tb: { current_balance: toDecimalString(customer.balance) },
    currency: customer.currency,
    total_credit: toDecimalString(totals.credit),
    total_debit: toDecimalString(totals.debit),
    transactions: recent,
    nc,
    details: notice ? { head: notice.head, body: notice.body } : null,
  }
}

export const getreceipt: Handler<'getreceipt'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const customer = await loadCustomer(deps.db, userId)
  // The receipt id alone is not enough: it must be the caller's own transaction.
  const [row] = await deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.ref2, input.trans), eq(transactions.userId, userId)))
  return { transaction: row ? transactionView(row) : null, currency: customer.currency }
}

export const getprofile: Handler<'getprofile'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [customer, pendingEmail] = await Promise.all([
    loadCustomer(deps.db, userId),
    pendingEmailChange(deps.db, userId, deps.now()),
  ])
  const { user } = customer
  return {
    pending_email: pendingEmail,
    user: {
      ...dashboardUserOf(customer),
      phone: user.phone,
      gender: user.gender,
      dob: user.dob,
      country: user.country,
      marital_status: user.maritalStatus,
      home_address: user.homeAddress,
      next_of_kin: user.nextOfKin,
      verification_status: user.verificationStatus,
    },
  }
}

export const getinstituition: Handler<'getinstituition'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const customer = await loadCustomer(deps.db, userId)
  return {
    username: customer.user.username,
    account_no: customer.account?.accountNo ?? null,
    swift_code: customer.account?.swiftCode ?? null,
    routing_no: customer.account?.routingNo ?? null,
    country: customer.account?.country ?? null,
    currency: customer.currency,
  }
}

export const getcontact: Handler<'getcontact'> = async ({ deps }) => {
  const [settings] = await deps.db.select().from(bankSettings)
  return {
    ct: {
      whatsapp: settings?.contactWhatsapp ?? null,
      email: settings?.contactEmail ?? null,
      phone: settings?.contactPhone ?? null,
    },
  }
}

export const pincheck: Handler<'pincheck'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [row] = await deps.db
    .select({ pinHash: users.pinHash })
    .from(users)
    .where(eq(users.id, userId))
  return { haspin: Boolean(row?.pinHash) }
}
