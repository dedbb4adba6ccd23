import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insightsQuery } from '#server/domain/insights'
import { createCustomer } from './support/customers'
import { bothDatabases } from './support/databases'
import { generateTransactions, insertTransactions } from './support/history'
import { startTestApp, type TestApp } from './support/test-app'

type Figures = { moneyIn: string; moneyOut: string; linesIn: number; linesOut: number }
type Answer = {
  currency: string
  month: string
  months: (Figures & { month: string })[]
  types: (Figures & { type: string })[]
}

const at = (iso: string) => new Date(iso)
const none = { moneyIn: '0.00', moneyOut: '0.00', linesIn: 0, linesOut: 0 }

/** The test clock's 12 months: December 2025 to November 2026 (it reads 2026-11-21). */
const twelveMonths = [
  '2025-12',
  ...Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
]

describe.each(bothDatabases)('Insights on %s', (target) => {
  let t: TestApp
  let token: string
  let emptyToken: string

  beforeAll(async () => {
    t = await startTestApp(target)
    const owner = await createCustomer(t)
    const other = await createCustomer(t)
    const empty = await createCustomer(t)
    await insertTransactions(t.db, owner.id, [
      // November 2026, the current month.
      { direction: 'credit', amount: 150_000, at: at('2026-11-02T08:00:00Z') },
      { direction: 'credit', amount: 2_550, at: at('2026-11-20T23:59:59Z') },
      { direction: 'debit', amount: 20_001, at: at('2026-11-03T10:00:00Z') },
      {
        direction: 'debit',
        amount: 100_000,
        type: 'Fixed Deposit',
        at: at('2026-11-04T10:00:00Z'),
      },
      { direction: 'debit', amount: 99, type: 'Correction', at: at('2026-11-05T10:00:00Z') },
      { direction: 'credit', amount: 1, type: 'Correction', at: at('2026-11-06T10:00:00Z') },
      // Money that did not move: a transfer held (in progress) and a failed one.
      { direction: 'debit', amount: 5_000, status: 'in_progress', at: at('2026-11-07T10:00:00Z') },
      { direction: 'debit', amount: 7_000, status: 'failed', at: at('2026-11-08T10:00:00Z') },
      // October's last second, and the first moment of the 12 months.
      { direction: 'credit', amount: 7, at: at('2026-10-31T23:59:59.999Z') },
      { direction: 'debit', amount: 33, at: at('2025-12-01T00:00:00Z') },
      // Outside the 12 months: the moment before them, and a date after this month.
      { direction: 'credit', amount: 11, at: at('2025-11-30T23:59:59.999Z') },
      { direction: 'credit', amount: 13, at: at('2026-12-01T00:00:00Z') },
    ])
    await insertTransactions(t.db, other.id, [
      { direction: 'credit', amount: 99_999, at: at('2026-11-02T08:00:00Z') },
      { direction: 'debit', amount: 88_888, at: at('2026-10-02T08:00:00Z') },
    ])
    token = await t.login(owner.email, owner.passcode)
    emptyToken = await t.login(empty.email, empty.passcode)
  })
  afterAll(() => t.close())

  const ask = async (fields: Record<string, string>, as = token) => {
    const answer = await t.action('insights', { token: as, ...fields })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as Answer
  }

  it('sums money in and out per UTC month, exactly, with zeros for months with nothing', async () => {
    const answer = await ask({})
    expect(answer.currency).toBe('$')
    expect(answer.months.map((row) => row.month)).toEqual(twelveMonths)
    const byMonth = Object.fromEntries(
      answer.months.map(({ month, ...figures }) => [month, figures]),
    )
    expect(byMonth['2026-11']).toEqual({
      moneyIn: '1525.51',
      moneyOut: '1201.00',
      linesIn: 3,
      linesOut: 3,
    })
    expect(byMonth['2026-10']).toEqual({ ...none, moneyIn: '0.07', linesIn: 1 })
    expect(byMonth['2025-12']).toEqual({ ...none, moneyOut: '0.33', linesOut: 1 })
    for (const month of twelveMonths.slice(1, 10)) expect(byMonth[month], month).toEqual(none)
  })

  it('splits the current month by type, the most money first, without what did not move', async () => {
    const answer = await ask({ month: '' })
    expect(answer.month).toBe('2026-11')
    expect(answer.types).toEqual([
      { type: 'Deposit', moneyIn: '1525.50', moneyOut: '0.00', linesIn: 2, linesOut: 0 },
      { type: 'Fixed Deposit', moneyIn: '0.00', moneyOut: '1000.00', linesIn: 0, linesOut: 1 },
      { type: 'Bank Transfer', moneyIn: '0.00', moneyOut: '200.01', linesIn: 0, linesOut: 1 },
      { type: 'Correction', moneyIn: '0.01', moneyOut: '0.99', linesIn: 1, linesOut: 1 },
    ])
  })

  it('splits a chosen month, and one with nothing as no types', async () => {
    expect((await ask({ month: '2026-10' })).types).toEqual([
      { type: 'Deposit', moneyIn: '0.07', moneyOut: '0.00', linesIn: 1, linesOut: 0 },
    ])
    const quiet = await ask({ month: '2026-05' })
    expect(quiet.month).toBe('2026-05')
    expect(quiet.types).toEqual([])
  })

  it('answers zeros and no types to a customer with no lines', async () => {
    const answer = await ask({}, emptyToken)
    expect(answer.months).toEqual(twelveMonths.map((month) => ({ month, ...none })))
    expect(answer.types).toEqual([])
  })

  it('refuses a malformed month, or one outside the 12, with a clear message', async () => {
    for (const [month, message] of [
      ['2026-13', 'The month must be a month (YYYY-MM).'],
      ['November', 'The month must be a month (YYYY-MM).'],
      ['2025-11', 'The month must be one of the last 12 months.'],
      ['2026-12', 'The month must be one of the last 12 months.'],
    ] as const) {
      const answer = await t.action('insights', { token, month })
      expect(answer.status, month).toBe(400)
      expect(answer.body, month).toEqual({ error: true, message })
    }
    expect((await t.action('insights', { token: '' })).status).toBe(401)
  })

  it('keeps sums past 2^53 minor units exact', async () => {
    const rich = await createCustomer(t)
    await insertTransactions(t.db, rich.id, [
      ...Array.from({ length: 10 }, () => ({
        direction: 'credit' as const,
        amount: 10 ** 15,
        at: at('2026-06-10T10:00:00Z'),
      })),
      { direction: 'credit', amount: 1, at: at('2026-06-11T10:00:00Z') },
    ])
    const answer = await ask({ month: '2026-06' }, await t.login(rich.email, rich.passcode))
    expect(answer.months.find((row) => row.month === '2026-06')?.moneyIn).toBe('100000000000000.01')
    expect(answer.types[0]?.moneyIn).toBe('100000000000000.01')
  })

  it("reads the 12 months on transactions_user_keyset_idx, at 20,000 lines among others' 60,000", async () => {
    const crowd = await createCustomer(t)
    // The customer's lines are a part of the bank's: the others' make the table four times theirs.
    for (let other = 0; other < 3; other++)
      await generateTransactions(
        t.db,
        (await createCustomer(t)).id,
        20_000,
        at('2026-11-20T00:00:00Z'),
      )
    await generateTransactions(t.db, crowd.id, 20_000, at('2026-11-20T00:00:00Z'))
    await t.db.execute(sql`analyze transactions`)
    const answer = await ask({}, await t.login(crowd.email, crowd.passcode))
    const lines = answer.months.reduce((sum, row) => sum + row.linesIn + row.linesOut, 0)
    expect(lines).toBe(20_000)
    const plan = planLines(
      await t.db.execute(sql`explain ${insightsQuery(crowd.id, t.clock.now())}`),
    )
    expect(plan, plan).toMatch(
      /(Index Scan using|Bitmap Index Scan on) transactions_user_keyset_idx/,
    )
    expect(plan).not.toMatch(/Seq Scan on transactions/)
    // Writing 80,000 lines takes PGlite 10 to 40 s on a loaded 2-core machine.
  }, 120_000)
})

function planLines(result: unknown): string {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? []
  return rows.map((row) => String(Object.values(row)[0])).join('\n')
}
