import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { transactions } from '../db/schema'
import { loadCustomer } from '../views/customer'

/** The receipt id of a transaction: random, unguessable, shown in links. */
export const newReceiptId = () => randomBytes(9).toString('base64url')

/**
 * The customer's own transaction with this receipt id, or undefined: the id alone is not enough,
 * so another customer's receipt id answers like an unknown one.
 */
async function ownTransaction(db: Queryable, userId: number, receiptId: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.ref2, receiptId), eq(transactions.userId, userId)))
  return row
}

/** The receipt screen's read: the customer (for the currency), then the transaction, if theirs. */
export async function receiptOf(db: Queryable, userId: number, receiptId: string) {
  const customer = await loadCustomer(db, userId)
  return { customer, transaction: await ownTransaction(db, userId, receiptId) }
}

/** The receipt PDF's read: the transaction, if theirs, then the customer; null when it is not. */
export async function printableReceiptOf(db: Queryable, userId: number, receiptId: string) {
  const transaction = await ownTransaction(db, userId, receiptId)
  if (!transaction) return null
  return { transaction, customer: await loadCustomer(db, userId) }
}
