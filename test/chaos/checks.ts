import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { customerAccountCode, ledgerSums } from '#server/db/ledger'
import {
  fundingRequests,
  idempotentSubmissions,
  ledgerAccounts,
  ledgerEntries,
  mailOutbox,
  transfers,
} from '#server/db/schema'
import { deliveryLeaseMs } from '#server/mail/delivery'
import type { RunRecord } from './history'
import type { Arrival, SmtpSink } from './smtp-sink'

/** The invariants, read from the database and the SMTP sink once the faults have stopped. */
export async function checkInvariants(
  db: Database,
  record: RunRecord,
  sink: SmtpSink,
  clientIds: number[],
) {
  const flag = (text: string) => record.anomaly(text)

  // The books balance, and the cached balances are the entries' sums.
  const sums = await ledgerSums(db)
  if (sums.accounts !== 0 || sums.entries !== 0)
    flag(`the ledger does not sum to zero: accounts ${sums.accounts}, entries ${sums.entries}`)
  const drifted = await db
    .select({
      code: ledgerAccounts.code,
      cached: ledgerAccounts.balance,
      entries: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.ledgerAccountId, ledgerAccounts.id))
    .where(ne(ledgerAccounts.kind, 'bank'))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${ledgerEntries.amount}), 0)`)
  for (const row of drifted)
    flag(`${row.code}: cached balance ${row.cached}, entries sum ${row.entries}`)
  const negative = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(ne(ledgerAccounts.kind, 'bank'), sql`${ledgerAccounts.balance} < 0`))
  for (const row of negative) flag(`${row.code} is negative: ${row.balance}`)

  // Transfers: each acknowledged one exists exactly once, as acknowledged; none exists that no
  // client submitted; one key moved money at most once.
  const stored = await db
    .select({
      userId: transfers.userId,
      authorization: transfers.authorizationId,
      amount: transfers.amount,
    })
    .from(transfers)
    .where(inArray(transfers.userId, clientIds))
  const byAuthorization = new Map<string, typeof stored>()
  for (const row of stored)
    byAuthorization.set(row.authorization, [...(byAuthorization.get(row.authorization) ?? []), row])
  const attempted = new Set(record.transfers.map((attempt) => attempt.authorization))
  for (const attempt of record.transfers) {
    const rows = byAuthorization.get(attempt.authorization as string) ?? []
    if (attempt.outcome === 'success' && rows.length !== 1)
      flag(`acknowledged transfer ${attempt.key} exists ${rows.length} times`)
    if (attempt.outcome === 'refused' && rows.length > 0)
      flag(`refused transfer ${attempt.key} moved money`)
    if (rows.some((row) => row.amount !== attempt.amount || row.userId !== attempt.userId))
      flag(`transfer ${attempt.key} stored with another amount or customer`)
  }
  for (const row of stored)
    if (!attempted.has(row.authorization))
      flag(`a transfer no client submitted: authorization ${row.authorization}`)
  await keysMovedMoneyOnce(db, record, 'newtrs', stored.length, clientIds)

  // Deposits: each acknowledged request exists once; the operator confirmed every one.
  const requests = await db
    .select({ id: fundingRequests.id, status: fundingRequests.status })
    .from(fundingRequests)
    .where(and(eq(fundingRequests.kind, 'deposit'), inArray(fundingRequests.userId, clientIds)))
  const acknowledged = record.deposits.filter((attempt) => attempt.outcome === 'success').length
  const unknown = record.deposits.filter((attempt) => attempt.outcome === 'unknown').length
  if (requests.length < acknowledged || requests.length > acknowledged + unknown)
    flag(
      `${requests.length} deposit requests stored for ${acknowledged} acknowledged (+${unknown} unanswered)`,
    )
  await keysMovedMoneyOnce(db, record, 'deposit', requests.length, clientIds)
  const undecided = requests.filter((request) => request.status === 'pending').length
  if (undecided > 0) flag(`${undecided} deposit requests still pending after the run`)

  // E-mail: every message queued was sent, each exactly once.
  const mail = await db
    .select({
      id: mailOutbox.id,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
    })
    .from(mailOutbox)
  const took = mail.map(
    (row) => ((row.sentAt?.getTime() ?? Date.now()) - row.createdAt.getTime()) / 1000,
  )
  record.figure('e-mail: slowest delivery, seconds', Math.round(Math.max(0, ...took)))
  record.figure('e-mail: sent later than 15 s', took.filter((seconds) => seconds > 15).length)
  record.figure('e-mail: sent after a failed try', mail.filter((row) => row.attempts > 1).length)
  const queued = new Set(mail.map((row) => row.id))
  let repeatsAfterKill = 0
  for (const row of mail) {
    const copies = sink.deliveries.get(row.id) ?? []
    if (row.status !== 'sent') flag(`mail #${row.id} is ${row.status}, not sent`)
    else if (copies.length === 2 && repeatAfterKill(copies, record.kills)) repeatsAfterKill++
    else if (copies.length !== 1) flag(`mail #${row.id} arrived ${copies.length} times`)
  }
  for (const [id, copies] of sink.deliveries) {
    if (!queued.has(id))
      flag(`a message (#${id}) arrived ${copies.length} times that no outbox row holds`)
    // Without the sender's name a repeat could not be told apart (repeatAfterKill).
    for (const copy of copies)
      if (!/^server-\d+$/.test(copy.sender)) flag(`mail #${id} came from "${copy.sender}"`)
  }
  record.figure(
    'e-mail: sent again after its sender was killed (same Message-ID)',
    repeatsAfterKill,
  )
  record.count('e-mails sent', mail.filter((row) => row.status === 'sent').length)
  await checkBlockedCustomers(db, record)
}

/**
 * The customers blocked mid-run: no money left their account after the notice was committed.
 * Against what was read right after it: total_debit did not grow (a refund of a transfer the
 * operator failed lowers it; any new debit raises it), no debit entry was added, the balance
 * did not fall, no `transfers` row was added (nor one dated after the notice); and every
 * transfer acknowledged to the customer was sent before the notice was committed.
 */
async function checkBlockedCustomers(db: Database, record: RunRecord) {
  const flag = (text: string) => record.anomaly(text)
  for (const customer of record.blocked.values()) {
    const { committedAt, atNotice } = customer
    if (committedAt === undefined || atNotice === undefined) {
      flag(`${customer.email}: the notice was never committed (or never read after it)`)
      continue
    }
    const now = await ledgerState(db, customer.userId)
    const who = `${customer.email} (blocked)`
    if (now.totalDebit > atNotice.totalDebit)
      flag(`${who}: total_debit grew after the notice, ${atNotice.totalDebit} -> ${now.totalDebit}`)
    if (now.debitEntries !== atNotice.debitEntries || now.debitSum !== atNotice.debitSum)
      flag(
        `${who}: debit entries after the notice, ${atNotice.debitEntries} (${atNotice.debitSum}) -> ${now.debitEntries} (${now.debitSum})`,
      )
    if (now.balance < atNotice.balance)
      flag(`${who}: the balance fell after the notice, ${atNotice.balance} -> ${now.balance}`)
    const before = new Set(atNotice.transferIds)
    const rows = await db
      .select({ id: transfers.id, createdAt: transfers.createdAt })
      .from(transfers)
      .where(eq(transfers.userId, customer.userId))
    for (const row of rows)
      if (!before.has(row.id) || row.createdAt.getTime() > committedAt)
        flag(`${who}: transfer ${row.id} (${row.createdAt.toISOString()}) made after the notice`)
    for (const attempt of record.transfers)
      if (
        attempt.userId === customer.userId &&
        attempt.outcome === 'success' &&
        (attempt.sentAt === undefined || attempt.sentAt > committedAt)
      )
        flag(`${who}: transfer ${attempt.key} acknowledged on a request sent after the notice`)
    const add = (name: string, value: number) =>
      record.figure(name, (record.figures.get(name) ?? 0) + value)
    add('blocked customers: their transfers made before the notice', atNotice.transferIds.length)
    add(
      'blocked customers: refunded after the notice (total_debit fell by, minor units)',
      atNotice.totalDebit - now.totalDebit,
    )
  }
}

/**
 * The one repeat the outbox admits (decision 050): the server that sent the first copy was
 * killed just after the SMTP server took it, before it had written "sent", and a server sent it
 * again once the lease had run out, with the same Message-ID. Any other repeat is an anomaly.
 */
function repeatAfterKill(
  [first, second]: Arrival[],
  kills: { server: string; at: number }[],
): boolean {
  if (!first || !second || !first.messageId || first.messageId !== second.messageId) return false
  // "Just after": before its "sent" UPDATE, which a busy server may run a second or two late.
  const senderKilled = kills.some(
    (kill) =>
      kill.server === first.sender && kill.at >= first.at - 50 && kill.at - first.at < 3_000,
  )
  return senderKilled && second.at - first.at >= deliveryLeaseMs - 1_000
}

/** One stored answer per key, and as many money movements as keys that were answered. */
async function keysMovedMoneyOnce(
  db: Database,
  record: RunRecord,
  call: string,
  movements: number,
  clientIds: number[],
) {
  const keys = await db
    .select({
      key: idempotentSubmissions.key,
      userId: idempotentSubmissions.userId,
      answer: idempotentSubmissions.answer,
    })
    .from(idempotentSubmissions)
    .where(
      and(eq(idempotentSubmissions.call, call), inArray(idempotentSubmissions.userId, clientIds)),
    )
  const succeeded = keys.filter(
    (row) => (row.answer as { icon?: string } | null)?.icon === 'success',
  )
  if (succeeded.length !== movements)
    record.anomaly(
      `${call}: ${succeeded.length} keys answered success, ${movements} movements stored`,
    )
  const attempts = call === 'newtrs' ? record.transfers : record.deposits
  const stored = new Set(keys.map((row) => `${row.userId}/${row.key}`))
  for (const attempt of attempts)
    if (attempt.outcome === 'success' && !stored.has(`${attempt.userId}/${attempt.key}`))
      record.anomaly(`${call}: acknowledged key ${attempt.key} has no stored answer`)
}

/** A customer's ledger account (totals, balance, debit entries) and transfers as committed now. */
export async function ledgerState(db: Database, userId: number) {
  const [account] = await db
    .select({
      id: ledgerAccounts.id,
      totalDebit: ledgerAccounts.totalDebit,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
  if (!account) throw new Error(`no ledger account for customer ${userId}`)
  const [debits] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ledgerAccountId, account.id), lt(ledgerEntries.amount, 0)))
  const rows = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(eq(transfers.userId, userId))
  return {
    totalDebit: account.totalDebit,
    balance: account.balance,
    debitEntries: debits?.count ?? 0,
    debitSum: Number(debits?.sum ?? 0),
    transferIds: rows.map((row) => row.id),
  }
}
