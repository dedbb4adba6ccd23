import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '#server/db/database'
import { pageQuery, type StatementFilter } from '#server/statements/statement-query'
import { databaseTargets, openTestDatabase } from './support/databases'

/**
 * The statements' amount filter keeps its plan whatever the statistics say (issue 33,
 * docs/decisions/101). With the amount outside the index, a filter the planner thought
 * selective read and sorted every line of a customer with 50,000 of them (here: a sequential
 * scan and a sort). The amount is now the keyset index's last key: the page is read in index
 * order, the amount checked on the index entry, and no line the filter drops is fetched.
 */

const customers = 2_000
const busyLines = 50_000

describe.each(databaseTargets)('the statement amount filter’s plan on %s', (target) => {
  let opened: OpenDatabase
  let busy: number

  beforeAll(async () => {
    opened = await openTestDatabase(target)
    const { db } = opened
    await db.execute(sql`
      INSERT INTO users (email, username, first_name, last_name, fullname, passcode_hash)
      SELECT 'plan' || g || '@example.com', 'plan' || g, 'Pat', 'Lane', 'Pat Lane', 'x'
      FROM generate_series(1, ${customers + 1}) AS g`)
    const result = (await db.execute(
      sql`SELECT min(id) AS id FROM users WHERE email LIKE 'plan%'`,
    )) as unknown as { rows: { id: number }[] }
    busy = Number(result.rows[0]?.id)
    // One customer with 50,000 lines among 2,000 with 20 each; amounts spread to 5,000.99.
    await db.execute(sql`
      INSERT INTO transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
      SELECT ${busy}, md5('busy' || g), 'Line ' || g,
             CASE WHEN g % 3 = 0 THEN 'debit' ELSE 'credit' END, 'Deposit',
             100 + (g * 7919) % 500000, 'successful',
             '2026-11-01T00:00:00Z'::timestamptz - make_interval(mins => g)
      FROM generate_series(1, ${busyLines}) AS g`)
    await db.execute(sql`
      INSERT INTO transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
      SELECT ${busy} + 1 + g % ${customers}, md5('other' || g), 'Other ' || g, 'credit', 'Deposit',
             100 + (g * 31) % 100000, 'successful',
             '2026-11-01T00:00:00Z'::timestamptz - make_interval(mins => g)
      FROM generate_series(1, ${customers * 20}) AS g`)
    await db.execute(sql`ANALYZE transactions`)
  }, 120_000)
  afterAll(() => opened.close())

  const filters: [string, StatementFilter][] = [
    ['a high least amount (few lines)', { minAmount: '4999.50' }],
    ['a low largest amount (few lines)', { maxAmount: '1.50' }],
    ['a narrow range', { minAmount: '10', maxAmount: '20' }],
    ['a least amount most lines pass', { minAmount: '2' }],
    ['an amount and a type', { minAmount: '4990', type: 'debit' }],
    ['an amount and days', { maxAmount: '3', from: '2026-09-01', to: '2026-10-15' }],
  ]

  it.each(filters)('reads a page in index order for %s', async (_, filter) => {
    for (const after of [null, { at: '2026-10-20 00:00:00+00', id: 2 ** 31 - 1 }]) {
      const query = pageQuery(opened.db, { userId: busy, filter, after, limit: 50 }).toSQL()
      const plan = (await opened.db.execute(
        sql.raw(`EXPLAIN ${inline(query.sql, query.params)}`),
      )) as unknown as { rows: Record<string, string>[] }
      const lines = plan.rows.map((row) => Object.values(row)[0]).join('\n')
      expect(lines, lines).toMatch(/Index Scan using transactions_user_keyset_idx/)
      expect(lines, lines).not.toMatch(/\bSort\b|Seq Scan|Bitmap/)
      // The amount is a condition of the index scan, not a filter of the rows it fetched.
      expect(lines, lines).toMatch(/Index Cond: .*\bamount\b/)
      expect(lines, lines).not.toMatch(/Filter: .*\bamount\b/)
    }
  })

  it('finds the lines the filter keeps, newest first', async () => {
    const rows = await pageQuery(opened.db, {
      userId: busy,
      filter: { minAmount: '4999.50' },
      after: null,
      limit: 50,
    })
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((found) => Number(found.row.amount) >= 499_950)).toBe(true)
    const times = rows.map((found) => found.at)
    expect(times).toEqual([...times].sort().reverse())
  })
})

/** The statement with its parameters written in, for EXPLAIN (which takes no parameters). */
function inline(statement: string, params: unknown[]): string {
  return statement.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
  })
}
