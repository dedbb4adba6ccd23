import { toDecimalString } from '#api/money'
import { bankContact } from '../domain/bank-configuration'
import { accountOverview } from '../domain/customer-accounts'
import { profileOf } from '../domain/profile'
import { receiptOf } from '../domain/receipts'
import { hasPin } from '../domain/transaction-pins'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { dashboardUserOf, loadCustomer, transactionView } from '../views/customer'

export const dashboard: Handler<'dashboard'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const { customer, totals, recent, unread, notice } = await accountOverview(deps.db, userId)
  return {
    user: dashboardUserOf(customer),
    balances: {
      available: toDecimalString(customer.available),
      booked: toDecimalString(customer.balance),
    },
    currency: customer.currency,
    totalCredit: toDecimalString(totals.credit),
    totalDebit: toDecimalString(totals.debit),
    transactions: recent,
    unreadCount: unread,
    details: notice ? { head: notice.head, body: notice.body } : null,
  }
}

export const transactionReceipt: Handler<'transactionReceipt'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const { customer, transaction } = await receiptOf(deps.db, userId, input.receiptId)
  return {
    transaction: transaction ? transactionView(transaction) : null,
    currency: customer.currency,
  }
}

export const customerProfile: Handler<'customerProfile'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const { customer, pendingEmail } = await profileOf(deps.db, userId, deps.now())
  const { user } = customer
  return {
    pendingEmail,
    user: {
      ...dashboardUserOf(customer),
      phone: user.phone,
      gender: user.gender,
      dateOfBirth: user.dob,
      country: user.country,
      maritalStatus: user.maritalStatus,
      homeAddress: user.homeAddress,
      nextOfKin: user.nextOfKin,
      verificationStatus: user.verificationStatus,
    },
  }
}

export const institutionDetails: Handler<'institutionDetails'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const customer = await loadCustomer(deps.db, userId)
  return {
    username: customer.user.username,
    accountNumber: customer.account?.accountNo ?? null,
    swiftCode: customer.account?.swiftCode ?? null,
    routingNumber: customer.account?.routingNo ?? null,
    country: customer.account?.country ?? null,
    currency: customer.currency,
  }
}

export const supportContacts: Handler<'supportContacts'> = async ({ deps }) => ({
  contacts: await bankContact(deps.db),
})

export const hasTransferPin: Handler<'hasTransferPin'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  return { hasPin: await hasPin(deps.db, userId) }
}
