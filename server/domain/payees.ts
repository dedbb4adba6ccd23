import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Database, Queryable } from '../db/database'
import { violatedUniqueIndex } from '../db/errors'
import { savedPayees, transfers, users } from '../db/schema'
import { recordSecurityEvent, type SecurityEventKind } from './security-log'

/** Who a transfer goes to, as the step-up binding and "new payee" see it. */
export const payeeKeyOf = (payee: { swiftCode: string; accountNumber: string }) =>
  `${payee.swiftCode.toUpperCase()}/${payee.accountNumber.toUpperCase()}`

/** At most this many payees in a customer's book when one is added there (decision 085). */
export const payeeBookLimit = 200

/**
 * A transfer to exactly the book entry's account details (all six fields the PIN approves),
 * made since the customer last wrote them in the book, that has not failed (decision 085).
 * Written out, as drizzle leaves a column unqualified in a select from one table.
 */
const paidSinceDetailsChanged = sql<boolean>`exists (
  select 1 from transfers t join transactions line on line.id = t.transaction_id
  where t.user_id = saved_payees.user_id and t.payee_key = saved_payees.payee_key
    and t.status <> 'failed' and t.created_at >= saved_payees.details_changed_at
    and line.bank = saved_payees.bank and line.routing = saved_payees.routing
    and line.country = saved_payees.country and line.act_hold_name = saved_payees.act_hold_name)`

/**
 * Whether the step-up sees a payee as known (docs/decisions/031 and 085). A payee in the book
 * whose account details the customer wrote there (added, or edited) is new until a transfer to
 * exactly those details has been made since and has not failed; any other payee in the book is
 * known, and so is a payee the customer sent money to before (a transfer that did not fail).
 */
export async function isKnownPayee(db: Queryable, userId: number, payeeKey: string) {
  const [entry] = await db
    .select({ changedAt: savedPayees.detailsChangedAt, paidSince: paidSinceDetailsChanged })
    .from(savedPayees)
    .where(and(eq(savedPayees.userId, userId), eq(savedPayees.payeeKey, payeeKey)))
  if (entry) return entry.changedAt === null || entry.paidSince
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

/** The account details of a payee, as the book's add and edit take them (no currency). */
export type PayeeAccount = Omit<PayeeDetails, 'currency'>

const columnsOf = (payee: PayeeAccount) => ({
  payeeKey: payeeKeyOf(payee),
  bank: payee.bank,
  swift: payee.swiftCode,
  routing: payee.routingNumber,
  country: payee.country,
  actNo: payee.accountNumber,
  actHoldName: payee.accountHolderName,
})

/** Saves (or refreshes) a payee with a transfer to it, as "save this payee" does (the seed). */
export async function savePayee(
  db: Queryable,
  userId: number,
  payee: PayeeDetails,
  nickname: string | null = null,
) {
  const { payeeKey, ...values } = columnsOf(payee)
  await db
    .insert(savedPayees)
    .values({ userId, payeeKey, ...values, currency: payee.currency, nickname })
    .onConflictDoUpdate({
      target: [savedPayees.userId, savedPayees.payeeKey],
      set: { ...values, currency: payee.currency },
    })
}

const payeeColumns = {
  id: savedPayees.id,
  nickname: savedPayees.nickname,
  bank: savedPayees.bank,
  swiftCode: savedPayees.swift,
  routingNumber: savedPayees.routing,
  country: savedPayees.country,
  accountNumber: savedPayees.actNo,
  accountHolderName: savedPayees.actHoldName,
  currency: savedPayees.currency,
}

/** Like in SQL, with the customer's % and _ taken as themselves. */
const containing = (typed: string) => `%${typed.replace(/[\\%_]/g, '\\$&')}%`

/** The book's entries matching a search in the nickname, name, bank, SWIFT or account number. */
function matching(search: string): SQL | undefined {
  const typed = search.trim()
  if (typed === '') return undefined
  const account = typed.replaceAll(' ', '')
  return or(
    ilike(savedPayees.nickname, containing(typed)),
    ilike(savedPayees.actHoldName, containing(typed)),
    ilike(savedPayees.bank, containing(typed)),
    ilike(savedPayees.swift, containing(account)),
    ilike(savedPayees.actNo, containing(account)),
  )
}

/** By the name the customer knows them by: the nickname, else the account holder's name. */
const byShownName = [
  asc(sql`lower(coalesce(${savedPayees.nickname}, ${savedPayees.actHoldName}))`),
  asc(savedPayees.id),
]

/** The customer's payees for the transfer form's picker, by name. */
export async function payeesOf(db: Queryable, userId: number) {
  return db
    .select(payeeColumns)
    .from(savedPayees)
    .where(eq(savedPayees.userId, userId))
    .orderBy(...byShownName)
}

/** The payee book (`dashboard/payees`): the customer's payees matching `search`, by name. */
export async function payeeBook(db: Queryable, userId: number, search: string) {
  const rows = await db
    .select({
      ...payeeColumns,
      detailsChangedAt: savedPayees.detailsChangedAt,
      paidSince: paidSinceDetailsChanged,
    })
    .from(savedPayees)
    .where(and(eq(savedPayees.userId, userId), matching(search)))
    .orderBy(...byShownName)
  return rows.map(({ detailsChangedAt, paidSince, ...payee }) => ({
    ...payee,
    /** Account details written in the book and not paid since: the next transfer is "new". */
    unpaidDetails: detailsChangedAt !== null && !paidSince,
  }))
}

/** The name a payee is shown by, for the answers' words. */
const shownName = (row: { nickname: string | null; actHoldName: string }) =>
  row.nickname ?? row.actHoldName

export type PayeeChange =
  | { ok: true; id: number; detailsChanged: boolean }
  /** Another entry of the book has this SWIFT/BIC and account number. */
  | { ok: false; reason: 'duplicate'; existing: string }
  | { ok: false; reason: 'full' | 'missing' }

/** The entry of the customer's book with this payee key, other than `exceptId`. */
async function entryWithKey(db: Queryable, userId: number, payeeKey: string, exceptId?: number) {
  const [row] = await db
    .select({ nickname: savedPayees.nickname, actHoldName: savedPayees.actHoldName })
    .from(savedPayees)
    .where(
      and(
        eq(savedPayees.userId, userId),
        eq(savedPayees.payeeKey, payeeKey),
        exceptId === undefined ? undefined : ne(savedPayees.id, exceptId),
      ),
    )
  return row
}

/** The customer changing their book, as the security log records it. */
export interface BookOwner {
  userId: number
  userAgent: string | null
  clientAddress: string | null
}

/**
 * Runs a change of the customer's book with their row locked, so their changes happen one after
 * another (the limit holds), and records it in their security log when it `logs` one; a "save
 * this payee" of a transfer landing meanwhile with the same SWIFT/BIC and account number is
 * answered as a duplicate.
 */
async function changingBook(
  db: Database,
  owner: BookOwner,
  payeeKey: string,
  now: Date,
  change: (tx: Queryable) => Promise<PayeeChange & { logs?: SecurityEventKind }>,
): Promise<PayeeChange> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update')
      const { logs, ...changed } = await change(tx)
      if (logs) await recordSecurityEvent(tx, { ...owner, kind: logs, at: now })
      return changed
    })
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'saved_payees_user_payee_key') throw error
    const existing = await entryWithKey(db, owner.userId, payeeKey)
    return { ok: false, reason: 'duplicate', existing: existing ? shownName(existing) : '' }
  }
}

/** Adds a payee to the book: new for the step-up until a transfer to it (decision 085). */
export async function addPayee(
  db: Database,
  owner: BookOwner,
  entry: { payee: PayeeAccount; nickname: string | null; currency: string },
  now: Date,
): Promise<PayeeChange> {
  const columns = columnsOf(entry.payee)
  return changingBook(db, owner, columns.payeeKey, now, async (tx) => {
    const existing = await entryWithKey(tx, owner.userId, columns.payeeKey)
    if (existing) return { ok: false, reason: 'duplicate', existing: shownName(existing) }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedPayees)
      .where(eq(savedPayees.userId, owner.userId))
    if ((count?.n ?? 0) >= payeeBookLimit) return { ok: false, reason: 'full' }
    const [row] = await tx
      .insert(savedPayees)
      .values({
        userId: owner.userId,
        ...columns,
        currency: entry.currency,
        nickname: entry.nickname,
        detailsChangedAt: now,
        createdAt: now,
      })
      .returning({ id: savedPayees.id })
    if (!row) throw new Error('the payee was not added')
    return { ok: true, id: row.id, detailsChanged: true, logs: 'payee_added' }
  })
}

/**
 * Changes one payee of the customer's book: its nickname, and its account details; changed
 * details make it new for the step-up until a transfer to them (decision 085) and are recorded
 * in the security log. Another customer's payee is `missing`, as one that is gone.
 */
export async function editPayee(
  db: Database,
  owner: BookOwner,
  edit: { id: number; payee: PayeeAccount; nickname: string | null },
  now: Date,
): Promise<PayeeChange> {
  const columns = columnsOf(edit.payee)
  return changingBook(db, owner, columns.payeeKey, now, async (tx) => {
    const [current] = await tx
      .select()
      .from(savedPayees)
      .where(and(eq(savedPayees.id, edit.id), eq(savedPayees.userId, owner.userId)))
    if (!current) return { ok: false, reason: 'missing' }
    const detailsChanged = (Object.keys(columns) as (keyof typeof columns)[]).some(
      (column) => current[column] !== columns[column],
    )
    if (detailsChanged) {
      const other = await entryWithKey(tx, owner.userId, columns.payeeKey, edit.id)
      if (other) return { ok: false, reason: 'duplicate', existing: shownName(other) }
    }
    await tx
      .update(savedPayees)
      .set({
        nickname: edit.nickname,
        ...(detailsChanged ? { ...columns, detailsChangedAt: now } : {}),
      })
      .where(eq(savedPayees.id, edit.id))
    return {
      ok: true,
      id: edit.id,
      detailsChanged,
      ...(detailsChanged ? { logs: 'payee_details_changed' as const } : {}),
    }
  })
}

/**
 * Removes one payee from the customer's book: the name it was shown by, or null when it is not
 * theirs or already gone. Past transfers and their receipts keep their own copy of the payee.
 */
export async function removePayee(db: Database, owner: BookOwner, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(savedPayees)
      .where(and(eq(savedPayees.id, id), eq(savedPayees.userId, owner.userId)))
      .returning({ nickname: savedPayees.nickname, actHoldName: savedPayees.actHoldName })
    if (!row) return null
    await recordSecurityEvent(tx, { ...owner, kind: 'payee_removed', at: now })
    return { name: shownName(row) }
  })
}
