import { eq, type SQL, sql } from 'drizzle-orm'
import type { Queryable } from './database'
import { databaseErrorCode, failedTable, violatedCheck } from './errors'
import { executePrepared } from './prepared'
import { ledgerAccounts, ledgerEntries } from './schema'

/**
 * The only way money moves: a posting of signed entries that sum to zero. Customer accounts (and
 * fixed-deposit holdings) keep a cached balance, changed in the same transaction, that cannot go
 * below zero (a CHECK constraint: concurrent postings to one account are serialised by the row
 * lock of its UPDATE and the loser fails). The bank's own accounts keep no cached balance: every
 * transfer touches them, and one row updated by all customers would queue every transfer behind
 * its lock; their balance is the sum of their entries. A repeated idempotency key is refused by
 * a unique index. See docs/decisions/005 and 030.
 */

export const bankAccountCodes = {
  /** Money the bank received from outside (crypto deposits, opening balances). */
  received: 'bank:received',
  /** Transfers that left customers' accounts and are on their way out. */
  transfersOut: 'bank:transfers-out',
  /** Service charges earned on transfers. */
  fees: 'bank:fees',
  /** Payments customers made to the bank from outside, for a purpose (make payment). */
  payments: 'bank:payments',
  /** Interest the bank paid on matured fixed deposits. */
  interest: 'bank:interest',
} as const

export const customerAccountCode = (userId: number) => `customer:${userId}`
export const fixedDepositAccountCode = (fixedDepositId: number) => `fixed-deposit:${fixedDepositId}`

export class InsufficientFunds extends Error {
  constructor() {
    super('Insufficient balance')
  }
}

/** A credit would take a balance above the ledger's maximum (schema.ts, `maximumBalance`). */
export class BalanceAboveMaximum extends Error {
  constructor() {
    super('This would take the balance above the most an account may hold')
  }
}

/** The account takes no debits while it is under a notice or frozen; credits still post. */
export class DebitsBlocked extends Error {
  constructor() {
    super('The account is blocked: no money may leave it')
  }
}

export class DuplicatePosting extends Error {
  constructor(key: string) {
    super(`posting ${key} was already made`)
  }
}

export interface PostingLine {
  account: string
  /** Signed minor units: positive increases the account's balance. */
  amount: number
}

export interface PostingRequest {
  kind: string
  memo?: string
  idempotencyKey?: string
  /** The posting this one undoes: its entries lower the customer totals the first one raised. */
  reverses?: number
  lines: PostingLine[]
}

function assertBalanced(lines: PostingLine[]) {
  if (lines.length < 2) throw new RangeError('a posting needs at least two entries')
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new RangeError(`entry for ${line.account} must be a non-zero integer amount`)
    }
  }
  const sum = lines.reduce((total, line) => total + line.amount, 0)
  if (sum !== 0) throw new RangeError(`posting entries sum to ${sum}, not 0`)
}

interface AccountChange {
  delta: number
  credit: number
  debit: number
}

/** Per account: the balance change and how much it adds to (or, reversing, takes from) the totals. */
function changesByAccount(request: PostingRequest): Map<string, AccountChange> {
  const changes = new Map<string, AccountChange>()
  for (const { account, amount } of request.lines) {
    const change = changes.get(account) ?? { delta: 0, credit: 0, debit: 0 }
    change.delta += amount
    // A refund is not new money in: it takes back the debit it undoes (and the other way round).
    if (request.reverses === undefined) {
      if (amount > 0) change.credit += amount
      else change.debit -= amount
    } else if (amount > 0) change.debit -= amount
    else change.credit += amount
    changes.set(account, change)
  }
  return changes
}

const bankCodes: ReadonlySet<string> = new Set(Object.values(bankAccountCodes))
/** Customer and holding accounts keep a balance; the bank's own accounts (above) do not. */
const isBalanceCarrying = (code: string) => !bankCodes.has(code)
const balanceCarryingDebits = (changes: Map<string, AccountChange>) =>
  [...changes].filter(([code, change]) => isBalanceCarrying(code) && change.delta < 0).length

const valuesList = (rows: SQL[][]) =>
  sql.join(
    rows.map((row) => sql`(${sql.join(row, sql`, `)})`),
    sql`, `,
  )

/**
 * One statement, one round trip: the balance-carrying accounts (customer, holding) are updated,
 * the posting and its entries inserted. The account debited (at most one is guarded) is
 * updated only if its balance covers the debit; everything else in the statement depends on
 * that row, so a refusal changes nothing and raises no database error: the caller's transaction
 * stays usable. With more than one debited account the CHECK is the guard, the statement fails
 * as a whole and (on PostgreSQL) aborts the transaction. An unknown account leaves an entry
 * without an account id: the NOT NULL constraint fails the statement, which changes nothing.
 */
function postingStatement(
  request: PostingRequest,
  changes: Map<string, AccountChange>,
  alongside: SQL | undefined,
) {
  const updates = [...changes].filter(
    ([, change]) => change.delta !== 0 || change.credit !== 0 || change.debit !== 0,
  )
  const guarded = balanceCarryingDebits(changes) === 1
  const changeRows = valuesList(
    updates.map(([code, change]) => [
      sql`${code}::text`,
      sql`${change.delta}::bigint`,
      sql`${change.credit}::bigint`,
      sql`${change.debit}::bigint`,
    ]),
  )
  const lineRows = valuesList(
    request.lines.map((line, index) => [
      sql`${index}::int`,
      sql`${line.account}::text`,
      sql`${line.amount}::bigint`,
    ]),
  )
  const covered = guarded ? sql`a.balance + c.delta >= 0` : sql`true`
  const codes = sql.join(
    [...new Set(request.lines.map((line) => line.account))].map((code) => sql`${code}::text`),
    sql`, `,
  )
  // Only the bank's own accounts (a payment recorded against its purpose): no balance changes.
  const changesTable =
    updates.length > 0
      ? sql`(values ${changeRows})`
      : sql`(select null::text, 0::bigint, 0::bigint, 0::bigint where false)`
  return sql`
    with changes(code, delta, credit, debit) as ${changesTable},
    currencies as (
      select count(distinct currency) = 1 as single from ledger_accounts where code in (${codes})
    ),
    updated as (
      update ledger_accounts a
      set balance = a.balance + c.delta,
        total_credit = a.total_credit + c.credit,
        total_debit = a.total_debit + c.debit
      from changes c
      where a.code = c.code and a.kind <> 'bank' and (select single from currencies)
        and (c.delta >= 0 or (${covered} and not a.debits_blocked))
      returning a.code, c.delta
    ),
    refused as (
      select exists (
          select from changes c join ledger_accounts a on a.code = c.code
          where a.kind <> 'bank' and c.delta < 0
        ) and not exists (select from updated where delta < 0) as refused,
        exists (
          select from changes c join ledger_accounts a on a.code = c.code
          where a.kind <> 'bank' and c.delta < 0 and a.debits_blocked
        ) as blocked
    ),
    posting as (
      insert into postings (kind, memo, idempotency_key, reverses)
      select ${request.kind}, ${request.memo ?? null}, ${request.idempotencyKey ?? null},
        ${request.reverses ?? null}::int
      where not (select refused from refused) and (select single from currencies)
      returning id
    ),
    entries as (
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select posting.id, a.id, a.currency, l.amount
      from posting cross join (values ${lineRows}) l(ord, code, amount)
        left join ledger_accounts a on a.code = l.code
      order by l.ord
      returning id
    )${
      alongside
        ? sql`,
    ${alongside}`
        : sql``
    }
    select (select id from posting) as "postingId",
      (select refused from refused) as refused,
      (select blocked from refused) as blocked,
      (select single from currencies) as "oneCurrency",
      (select count(*) from entries)::int as entries`
}

/**
 * Runs inside the caller's transaction (or alone: it is one statement); returns the posting id.
 * A posting that debits one customer or holding account beyond its balance throws
 * InsufficientFunds and leaves the transaction usable; a refused posting that debits several
 * such accounts, or a DuplicatePosting, aborts it on PostgreSQL: to carry on after one, post
 * inside a nested `tx.transaction` (a savepoint).
 *
 * `alongside`: the caller's own writes that go with the posting, as further CTEs of the same
 * statement (one round trip less, docs/decisions/056). They may read the CTE `posting` (the new
 * posting's `id`; no row when the posting is refused, so writes selected from it do not happen),
 * and must not move money: only the ledger's CTEs touch balances and entries.
 */
export async function post(
  tx: Queryable,
  request: PostingRequest,
  alongside?: SQL,
): Promise<number> {
  assertBalanced(request.lines)
  const changes = changesByAccount(request)
  const balanceCarrying = [...changes.keys()].filter(isBalanceCarrying)
  try {
    // Several balances changed at once: lock them in a fixed order (sorted codes) first, so
    // concurrent postings cannot deadlock. One customer (a transfer) needs no extra round trip.
    if (balanceCarrying.length > 1)
      await tx.execute(
        sql`select id from ledger_accounts where code in (${sql.join(
          balanceCarrying.sort().map((code) => sql`${code}`),
          sql`, `,
        )}) and kind <> 'bank' order by code for update`,
      )
    const result = await executePrepared(tx, postingStatement(request, changes, alongside))
    const [row] = (result as unknown as { rows: PostingRow[] }).rows
    if (!row) throw new Error('the posting statement returned nothing')
    if (!row.oneCurrency) throw new RangeError(mixedCurrencies(request.lines))
    if (row.refused) throw row.blocked ? new DebitsBlocked() : new InsufficientFunds()
    if (row.postingId === null || row.entries !== request.lines.length)
      throw new Error('the posting statement wrote no posting')
    return row.postingId
  } catch (error) {
    if (error instanceof InsufficientFunds || error instanceof DebitsBlocked) throw error
    if (error instanceof RangeError) throw error
    const code = databaseErrorCode(error)
    if (violatedCheck(error) === 'ledger_accounts_at_most_maximum') throw new BalanceAboveMaximum()
    if (code === '23514') throw new InsufficientFunds()
    if (code === '23505' && request.idempotencyKey)
      throw new DuplicatePosting(request.idempotencyKey)
    // A NOT NULL failure of the ledger's own writes is an entry without an account.
    if (code === '23502' && (!alongside || failedTable(error) === 'ledger_entries'))
      throw new RangeError(unknownAccount(request.lines))
    throw error
  }
}

/**
 * A posting for a statement that decides everything itself (a transfer in one statement,
 * docs/decisions/059): one balance-carrying account `from` pays `total` (a positive integer:
 * the caller checks it), split between accounts by amounts the statement computes (`parts`,
 * bigint SQL that may read the caller's CTEs), the rest to `rest`. Entries of 0 are left out;
 * the split's pairs balance by construction. Every argument is SQL (a parameter or an
 * expression), so the statement's text can be built once.
 *
 * The CTEs: `debited` locks `from`'s row and reads it as committed after any writer it waited
 * for (so its `debits_blocked` tells a debit refused by a block that committed meanwhile);
 * `updated` debits `from` only if `when` holds, no block is set and its balance covers the total
 * (as `post` does: a concurrent debit is waited for and the guard re-checked on its result), so
 * the caller can read whether it was covered from `updated`; `posting` and `entries` follow it. An
 * unknown account `from` posts entries without an account id: the NOT NULL constraint fails the
 * statement, which changes nothing. The CHECK constraint stays the backstop.
 */
export function guardedDebit(request: {
  kind: SQL
  memo: SQL
  from: SQL
  total: SQL
  rest: SQL
  parts: { account: SQL; amount: SQL }[]
  /** The caller's condition for the whole posting, on its earlier CTEs. */
  when: SQL
}) {
  const { total } = request
  const restAmount = request.parts.reduce((rest, part) => sql`${rest} - ${part.amount}`, total)
  const pairs = [{ account: request.rest, amount: restAmount }, ...request.parts]
  const lineRows = valuesList(
    pairs.flatMap((pair, index) => [
      [sql.raw(`${2 * index}`), request.from, sql`-(${pair.amount})`],
      [sql.raw(`${2 * index + 1}`), pair.account, pair.amount],
    ]),
  )
  const others = sql.join(
    pairs.map((pair) => pair.account),
    sql`, `,
  )
  return sql`debited as materialized (
      select id, debits_blocked from ledger_accounts
      where code = ${request.from} and kind <> 'bank'
      for update
    ),
    updated as (
      update ledger_accounts a
      set balance = a.balance - ${total}, total_debit = a.total_debit + ${total}
      where a.id = (select id from debited) and a.balance - ${total} >= 0
        and not (select debits_blocked from debited) and ${request.when}
        and not exists (
          select from ledger_accounts o where o.code in (${others}) and o.currency <> a.currency)
      returning a.id
    ),
    posting as (
      insert into postings (kind, memo)
      select ${request.kind}, ${request.memo}
      where ${request.when} and (exists (select from updated) or not exists (
        select from ledger_accounts a where a.code = ${request.from} and a.kind <> 'bank'))
      returning id
    ),
    entries as (
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select posting.id, a.id, a.currency, l.amount
      from posting cross join (values ${lineRows}) l(ord, code, amount)
        left join ledger_accounts a on a.code = l.code
      where l.amount <> 0
      order by l.ord
      returning id
    )`
}

interface PostingRow {
  postingId: number | null
  refused: boolean
  blocked: boolean
  oneCurrency: boolean
  entries: number
}

const mixedCurrencies = (lines: PostingLine[]) =>
  `a posting moves one currency; ${[...new Set(lines.map((line) => line.account))].sort().join(', ')} are in several`

const unknownAccount = (lines: PostingLine[]) =>
  `no ledger account among ${[...new Set(lines.map((line) => line.account))].sort().join(', ')}`

/** A customer's or holding's cached balance; a bank account's sum of entries. */
export async function balanceOf(db: Queryable, account: string): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, account))
  if (!row) throw new RangeError(`no ledger account ${account}`)
  if (row.kind !== 'bank') return row.balance
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ledgerAccountId, row.id))
  return Number(sum?.total ?? 0)
}

/**
 * A customer's money in and out, kept by every posting: successful credits, and debits that did
 * not fail (a refund takes its debit back). Constant cost, however long the history.
 */
export async function customerTotals(db: Queryable, userId: number) {
  const [row] = await db
    .select({ credit: ledgerAccounts.totalCredit, debit: ledgerAccounts.totalDebit })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
  return { credit: row?.credit ?? 0, debit: row?.debit ?? 0 }
}

/**
 * The ledger's own check: the sum over every account (cached balances plus the bank accounts'
 * entries) and over every entry. Both are 0 when the books balance.
 */
export async function ledgerSums(db: Queryable) {
  const [row] = await db
    .select({
      accounts: sql<string>`(select coalesce(sum(balance), 0) from ledger_accounts where kind <> 'bank')
        + (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.ledger_account_id where a.kind = 'bank')`,
      entries: sql<string>`(select coalesce(sum(amount), 0) from ledger_entries)`,
    })
    .from(sql`(select 1) as one`)
  return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0) }
}

/** Opens the ledger account that holds one fixed deposit's money until it matures. */
export async function openHoldingAccount(
  tx: Queryable,
  code: string,
  userId: number,
  currency = 'USD',
) {
  await tx.insert(ledgerAccounts).values({ code, kind: 'holding', userId, currency })
}

/** Creates the bank's own ledger accounts if they are missing. */
export async function ensureBankAccounts(db: Queryable, currency = 'USD') {
  await db
    .insert(ledgerAccounts)
    .values(
      Object.values(bankAccountCodes).map((code) => ({ code, kind: 'bank' as const, currency })),
    )
    .onConflictDoNothing()
}
