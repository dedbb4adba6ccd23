import { and, desc, eq, ne } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { savedPayees, transfers } from '../db/schema'

/** Who a transfer goes to, as the step-up binding and "new payee" see it. */
export const payeeKeyOf = (payee: { swiftCode: string; accountNumber: string }) =>
  `${payee.swiftCode.toUpperCase()}/${payee.accountNumber.toUpperCase()}`

/** A payee the customer saved, or sent money to before (a transfer that did not fail). */
export async function isKnownPayee(db: Queryable, userId: number, payeeKey: string) {
  const [saved] = await db
    .select({ id: savedPayees.id })
    .from(savedPayees)
    .where(and(eq(savedPayees.userId, userId), eq(savedPayees.payeeKey, payeeKey)))
  if (saved) return true
  const [paid] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(
      and(
        eq(transfers.userId, userId),
        eq(transfers.payeeKey, payeeKey),
        ne(transfers.status, 'failed'),
      ),
    )
    .limit(1)
  return Boolean(paid)
}

export interface PayeeDetails {
  bank: string
  swiftCode: string
  routingNumber: string
  country: string
  accountNumber: string
  accountHolderName: string
  currency: string
}

/** Saves (or refreshes) a payee for the transfer form. */
export async function savePayee(db: Queryable, userId: number, payee: PayeeDetails) {
  const values = {
    bank: payee.bank,
    swift: payee.swiftCode,
    routing: payee.routingNumber,
    country: payee.country,
    actNo: payee.accountNumber,
    actHoldName: payee.accountHolderName,
    currency: payee.currency,
  }
  await db
    .insert(savedPayees)
    .values({ userId, payeeKey: payeeKeyOf(payee), ...values })
    .onConflictDoUpdate({ target: [savedPayees.userId, savedPayees.payeeKey], set: values })
}

export async function payeesOf(db: Queryable, userId: number) {
  const rows = await db
    .select()
    .from(savedPayees)
    .where(eq(savedPayees.userId, userId))
    .orderBy(desc(savedPayees.createdAt), desc(savedPayees.id))
  return rows.map((row) => ({
    id: row.id,
    bank: row.bank,
    swiftCode: row.swift,
    routingNumber: row.routing,
    country: row.country,
    accountNumber: row.actNo,
    accountHolderName: row.actHoldName,
    currency: row.currency,
  }))
}
