import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageQuery } from '#server/statements/statement-query'
import { createCustomer } from './support/customers'
import { bothDatabases } from './support/databases'
import { generateTransactions, insertTransactions } from './support/history'
import { startTestApp, type TestApp } from './support/test-app'

type Row = { name: string; amount: string; receiptId: string }
type Page = { transactions: Row[]; nextCursor: string | null }

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9))

/** Statements' search by text and amount (docs/decisions/087). */
describe.each(bothDatabases)('Statements search on %s', (target) => {
  let t: TestApp
  let token: string
  let otherToken: string

  beforeAll(async () => {
    t = await startTestApp(target)
    const owner = await createCustomer(t)
    const other = await createCustomer(t)
    await insertTransactions(t.db, owner.id, [
      { name: 'Deposit', direction: 'credit', amount: 250_000, at: at(1) },
      {
        name: 'Transfer to Ada Lovelace',
        direction: 'debit',
        amount: 12_050,
        at: at(2),
        payee: { actHoldName: 'Ada Lovelace', bank: 'Harbor Bank', actNo: '0011223344' },
        note: 'Rent for March',
      },
      {
        name: 'Transfer to Émile Zola',
        direction: 'debit',
        amount: 4_000,
        at: at(3),
        payee: { actHoldName: 'Émile Zola', bank: 'Banque Seine', actNo: '7788990011' },
        note: 'Books 100%_off',
      },
      { name: 'Correction: fee refund', direction: 'credit', amount: 500, at: at(4) },
    ])
    await insertTransactions(t.db, other.id, [
      {
        name: 'Transfer to Ada Lovelace',
        direction: 'debit',
        amount: 12_050,
        at: at(2),
        payee: { actHoldName: 'Ada Lovelace', bank: 'Harbor Bank', actNo: '0011223344' },
        note: 'Rent for March',
      },
    ])
    token = await t.login(owner.email, owner.passcode)
    otherToken = await t.login(other.email, other.passcode)
  })
  afterAll(() => t.close())

  const names = async (fields: Record<string, string>, as = token) => {
    const answer = await t.action('statementPage', { token: as, ...fields })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return (answer.body as unknown as Page).transactions.map((row) => row.name)
  }

  it('finds a line by its payee, bank, account, note or reference, in any case', async () => {
    expect(await names({ search: 'lovelace' })).toEqual(['Transfer to Ada Lovelace'])
    expect(await names({ search: 'HARBOR' })).toEqual(['Transfer to Ada Lovelace'])
    expect(await names({ search: '7788990011' })).toEqual(['Transfer to Émile Zola'])
    expect(await names({ search: 'rent' })).toEqual(['Transfer to Ada Lovelace'])
    expect(await names({ search: 'refund' })).toEqual(['Correction: fee refund'])
    const [zola] = (
      (await t.action('statementPage', { token, search: 'zola' })).body as unknown as Page
    ).transactions
    expect(await names({ search: zola?.receiptId ?? 'none' })).toEqual(['Transfer to Émile Zola'])
  })

  it('takes every word, in any order, and reads % and _ as themselves', async () => {
    expect(await names({ search: '  march   ada ' })).toEqual(['Transfer to Ada Lovelace'])
    expect(await names({ search: 'march zola' })).toEqual([])
    expect(await names({ search: '100%_off' })).toEqual(['Transfer to Émile Zola'])
    // As wildcards, these would find "100%_off".
    expect(await names({ search: '100%off' })).toEqual([])
    expect(await names({ search: '100_%' })).toEqual([])
  })

  it('filters by an amount range, both ends included, with the other filters', async () => {
    expect(await names({ minAmount: '40', maxAmount: '120.50' })).toEqual([
      'Transfer to Émile Zola',
      'Transfer to Ada Lovelace',
    ])
    expect(await names({ minAmount: '120.51' })).toEqual(['Deposit'])
    expect(await names({ maxAmount: '5' })).toEqual(['Correction: fee refund'])
    expect(await names({ minAmount: '1', type: 'credit', search: 'fee' })).toEqual([
      'Correction: fee refund',
    ])
  })

  it("never finds another customer's lines", async () => {
    expect(await names({ search: 'zola' }, otherToken)).toEqual([])
    expect(await names({ search: 'ada' }, otherToken)).toEqual(['Transfer to Ada Lovelace'])
  })

  it('refuses a bad amount, a range the wrong way round and a search too long, changing nothing', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ minAmount: 'ten' }, /^The smallest amount must be an amount/],
      [{ maxAmount: '1.234' }, /^The largest amount must be an amount/],
      [
        { minAmount: '50', maxAmount: '10' },
        /^The smallest amount must not be more than the largest amount\.$/,
      ],
      [{ search: 'x'.repeat(101) }, /^The search must be at most 100 characters\.$/],
    ]
    for (const [fields, message] of cases) {
      const answer = await t.action('statementPage', { token, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body).toEqual({ error: true, message: expect.stringMatching(message) })
    }
  })

  it('downloads the searched statement as CSV', async () => {
    const response = await t.download('statementcsv', { token, search: 'ada', max_amount: '500' })
    expect(response.status).toBe(200)
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('Transfer to Ada Lovelace')
  })

  it('can look a word up in the trigram index (the statements bench measures it at 100,000)', async () => {
    const crowd = await createCustomer(t)
    await generateTransactions(t.db, crowd.id, 2_000, new Date('2026-06-01T00:00:00Z'))
    await t.db.execute(sql`analyze transactions`)
    const query = pageQuery(t.db, {
      userId: crowd.id,
      filter: { search: 'lovelace' },
      after: null,
      limit: 50,
    }).toSQL()
    // On a table this small a scan or the keyset index is cheaper; at 100,000 lines the planner
    // picks the trigram index for a rare word (bench/statements.ts). Here, without them (in a
    // transaction rolled back), the query must still find an index: its expression is the one
    // the query asks for.
    let plan: unknown
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index transactions_user_keyset_idx`)
        await tx.execute(sql`set local enable_seqscan = off`)
        plan = await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))
        tx.rollback()
      })
      .catch(() => {})
    expect(planLines(plan), planLines(plan)).toMatch(
      /Bitmap Index Scan on transactions_search_text_idx/,
    )
  })
})

/** The statement with its parameters written in, for EXPLAIN (which takes no parameters). */
function inline(statement: string, params: unknown[]): string {
  return statement.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
  })
}

function planLines(result: unknown): string {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? []
  return rows.map((row) => String(Object.values(row)[0])).join('\n')
}
