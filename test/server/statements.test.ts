import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvHeader } from '#server/statements/statement-csv'
import { pageCount, statementPdf } from '#server/statements/statement-pdf'
import { pageQuery } from '#server/statements/statement-query'
import { loadCustomer } from '#server/views/customer'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { generateTransactions, insertTransactions, recordMovement } from './support/history'
import { pdfPageCount, pdfText } from './support/pdf-text'
import { startTestApp, type TestApp } from './support/test-app'

type Row = { name: string; date: string; amount: string; direction: string; receiptId: string }
type Page = { transactions: Row[]; currency: string; nextCursor: string | null }

const day = (iso: string) => new Date(`${iso}T12:00:00Z`)

describe.each(databaseTargets)('Statements & Report on %s', (target) => {
  let t: TestApp
  let owner: { id: number; email: string; passcode: string }
  let token: string
  let otherToken: string
  const total = 130

  beforeAll(async () => {
    t = await startTestApp(target)
    owner = await createCustomer(t)
    const other = await createCustomer(t)
    // 130 rows over 65 days, two per day at the very same moment: ties are broken by id.
    await insertTransactions(
      t.db,
      owner.id,
      Array.from({ length: total }, (_, index) => ({
        name: `Row ${index}`,
        direction: index % 2 === 0 ? ('credit' as const) : ('debit' as const),
        amount: 1000 + index,
        at: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 2), 9)),
      })),
    )
    await insertTransactions(t.db, other.id, [
      { name: 'Not yours', direction: 'credit', amount: 99_999, at: day('2026-01-15') },
    ])
    token = await t.login(owner.email, owner.passcode)
    otherToken = await t.login(other.email, other.passcode)
  })
  afterAll(() => t.close())

  const page = async (fields: Record<string, string>) => {
    const answer = await t.action('statementPage', { token, ...fields })
    expect(answer.status).toBe(200)
    return answer.body as unknown as Page
  }

  async function walk(fields: Record<string, string>) {
    const rows: Row[] = []
    let cursor = ''
    let pages = 0
    do {
      const next = await page({ ...fields, cursor })
      rows.push(...next.transactions)
      cursor = next.nextCursor ?? ''
      pages++
    } while (cursor)
    return { rows, pages }
  }

  it('pages newest first, 50 rows by default, every row exactly once', async () => {
    const first = await page({})
    expect(first.transactions).toHaveLength(50)
    expect(first.currency).toBe('$')
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/)
    const { rows, pages } = await walk({})
    expect(pages).toBe(3)
    expect(rows).toHaveLength(total)
    expect(new Set(rows.map((row) => row.receiptId)).size).toBe(total)
    expect(rows.map((row) => row.name)).not.toContain('Not yours')
    const dates = rows.map((row) => row.date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('takes a page size up to 100 and names a bad one', async () => {
    expect((await page({ limit: '100' })).transactions).toHaveLength(100)
    expect((await page({ limit: '7' })).transactions).toHaveLength(7)
    for (const limit of ['0', '101', 'ten', '-1']) {
      const answer = await t.action('statementPage', { token, limit })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('The page size must be a number from 1 to 100.')
    }
  })

  it('filters by credit or debit and by UTC days, both ends included', async () => {
    const debits = await walk({ type: 'debit', limit: '40' })
    expect(debits.rows).toHaveLength(total / 2)
    expect(debits.rows.every((row) => row.direction === 'debit')).toBe(true)
    const january = await walk({ from: '2026-01-10', to: '2026-01-12' })
    expect(january.rows.map((row) => row.name).sort()).toEqual(
      ['Row 18', 'Row 19', 'Row 20', 'Row 21', 'Row 22', 'Row 23'].sort(),
    )
    const credits = await walk({ from: '2026-01-10', to: '2026-01-12', type: 'credit' })
    expect(credits.rows.map((row) => row.name).sort()).toEqual(['Row 18', 'Row 20', 'Row 22'])
    expect((await page({ from: '2027-01-01' })).transactions).toEqual([])
  })

  it('refuses malformed filters and cursors with 400 naming the field by its label', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: '2026-02-30' }, /^The first day must be a date/],
      [{ to: '12/01/2026' }, /^The last day must be a date/],
      [{ type: 'both' }, /^The type must be credit, debit or empty\.$/],
      [
        { from: '2026-02-01', to: '2026-01-01' },
        /^The first day must not be after the last day\.$/,
      ],
      [{ cursor: 'not a cursor!' }, /^The page marker must come from the previous page\.$/],
      [{ cursor: 'AAAAAAAAAAAAAAAA' }, /^The page marker must come from the previous page\.$/],
    ]
    for (const [fields, message] of cases) {
      const answer = await t.action('statementPage', { token, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body).toEqual({ error: true, message: expect.stringMatching(message) })
    }
  })

  /** A cursor as a client could forge one: base64url of any JSON. */
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it('refuses a forged cursor with 400, whatever date or id it carries (issue 22, item 6)', async () => {
    const moment = '2026-01-10 09:00:00+00'
    const cursors: unknown[] = [
      ['2026-02-30 10:00:00', 1],
      ['2026-13-01 00:00:00', 1],
      ['2026-00-10 00:00:00', 1],
      ['2025-02-29 00:00:00+00', 1],
      ['2026-01-01 24:00:00', 1],
      ['2026-01-01 10:60:00+00', 1],
      ['2026-01-01 10:00:61', 1],
      ['2026-01-01 10:00:00.1234567+00', 1],
      ['0000-01-01 00:00:00+00', 1],
      ['2026-01-01 10:00:00+99', 1],
      ['2026-01-01 10:00:00+15:60', 1],
      ['2026-01-01 10:00:00 BC', 1],
      ['2026-01-01 1:2:3:4:5', 1],
      ['2026-01-01T10:00:00Z junk', 1],
      ['2026-01-10 09:00:00', 1],
      ['2026-01-10T09:00:00Z', 1],
      ['not a date', 1],
      ['', 1],
      [moment, 2 ** 31],
      [moment, 2 ** 53],
      [moment, 1e308],
      [moment, -1],
      [moment, 0],
      [moment, 1.5],
      [moment, '1'],
      [moment, null],
      [20260110, 1],
      [moment],
      [moment, 1, 'more'],
      { at: moment, id: 1 },
      null,
      'a cursor of text',
    ]
    for (const value of cursors) {
      const cursor = forged(value)
      const answer = await t.action('statementPage', { token, cursor })
      expect(answer.status, `${JSON.stringify(value)} as ${cursor}`).toBe(400)
      expect(answer.body).toEqual({
        error: true,
        message: 'The page marker must come from the previous page.',
      })
    }
    // A cursor the server could have written is taken: any session time zone, any fraction.
    for (const at of [
      moment,
      '2026-01-10 09:00:00.5+00',
      '2026-01-10 10:00:00+01',
      '2026-01-10 14:30:00.123456+05:30',
      '2026-01-10 09:19:32+00:19:32',
    ]) {
      const answer = await t.action('statementPage', { token, cursor: forged([at, 2 ** 31 - 1]) })
      expect(answer.status, at).toBe(200)
      expect((answer.body as unknown as Page).transactions[0]?.name).toBe('Row 19')
    }
  })

  it('answers a date range at the ends of the calendar, and refuses the year 0 with 400', async () => {
    const ends: Record<string, string>[] = [
      { from: '0001-01-01' },
      { to: '9999-12-31' },
      { from: '9999-12-31' },
    ]
    for (const fields of ends) {
      const answer = await t.action('statementPage', { token, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(200)
      const csv = await t.download('statementcsv', { token, ...fields })
      expect(csv.status, JSON.stringify(fields)).toBe(200)
      expect(await csv.text()).toMatch(/^date,name,/)
      const pdf = await t.download('statementpdf', { token, ...fields })
      expect(pdf.status, JSON.stringify(fields)).toBe(200)
      expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toMatch(/Closing balance/)
    }
    expect((await page({ from: '0001-01-01', to: '9999-12-31' })).transactions).toHaveLength(50)
    for (const fields of [{ from: '0000-01-01' }, { to: '0000-12-31' }]) {
      const answer = await t.action('statementPage', { token, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body.message).toMatch(/^The (first|last) day must be a date/)
    }
  })

  it("never shows another customer's rows, whatever cursor is sent", async () => {
    const cursor = (await page({ limit: '3' })).nextCursor as string
    const answer = await t.action('statementPage', { token: otherToken, cursor })
    expect(answer.status).toBe(200)
    expect((answer.body as unknown as Page).transactions.map((row) => row.name)).toEqual([
      'Not yours',
    ])
    expect((await t.action('statementPage', {})).status).toBe(401)
  })

  it('downloads every row of the filter as CSV, streamed, newest first', async () => {
    const response = await t.download('statementcsv', { token, type: 'credit' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statement_start_to_\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(csvHeader.join(','))
    expect(lines).toHaveLength(1 + total / 2)
    expect(lines[1]).toMatch(/^2026-03-06T09:00:00\.000Z,Row 128,credit,11\.28,,successful,/)
    expect(lines.join('\n')).not.toContain('Not yours')
  })

  it('keeps CSV text from being read as a formula, and quotes commas', async () => {
    const customer = await createCustomer(t)
    await insertTransactions(t.db, customer.id, [
      {
        name: '=HYPERLINK("http://x","y")',
        direction: 'debit',
        amount: 500,
        at: day('2026-02-01'),
      },
      { name: 'Rent, February', direction: 'debit', amount: 700, at: day('2026-02-02') },
    ])
    const own = await t.login(customer.email, customer.passcode)
    const text = await (await t.download('statementcsv', { token: own })).text()
    expect(text).toContain(',"Rent, February",debit,-7.00,')
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""y"")",debit,-5.00,`)
  })

  it('sends the CSV in pieces as it reads them, not as one built string', async () => {
    const customer = await createCustomer(t)
    await generateTransactions(t.db, customer.id, 2500, new Date('2026-06-01T00:00:00Z'))
    const own = await t.login(customer.email, customer.passcode)
    const reader = (await t.download('statementcsv', { token: own })).body?.getReader()
    if (!reader) throw new Error('no body')
    let chunks = 0
    let lines = 0
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks++
      lines += new TextDecoder().decode(next.value).split('\r\n').length - 1
    }
    expect(lines).toBe(2501)
    expect(chunks).toBeGreaterThanOrEqual(4)
  })

  it('gives a PDF statement with period, opening and closing balance, every row and page numbers', async () => {
    const customer = await createCustomer(t)
    await recordMovement(t.db, customer.id, {
      name: 'Salary January',
      direction: 'credit',
      amount: 100_000,
      at: day('2026-01-10'),
    })
    await recordMovement(t.db, customer.id, {
      name: 'Rent February',
      direction: 'debit',
      amount: 20_000,
      at: day('2026-02-05'),
    })
    await recordMovement(t.db, customer.id, {
      name: 'Refund March',
      direction: 'credit',
      amount: 5_000,
      at: day('2026-03-03'),
    })
    const own = await t.login(customer.email, customer.passcode)
    const response = await t.download('statementpdf', {
      token: own,
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="statement_2026-02-01_to_2026-02-28.pdf"',
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Account statement')
    expect(text).toContain('01/02/2026 to 28/02/2026')
    expect(text).toMatch(/Opening balance\n\$1,000\.00/)
    expect(text).toMatch(/Closing balance\n\$800\.00/)
    expect(text).toContain('Rent February')
    expect(text).toContain('-$200.00')
    expect(text).not.toContain('Salary January')
    expect(text).toContain('Page 1 of 1')
  })

  it('numbers every page of a long PDF statement "n of N"', async () => {
    const response = await t.download('statementpdf', { token })
    const bytes = new Uint8Array(await response.arrayBuffer())
    const pages = pageCount(total)
    expect(pages).toBeGreaterThan(1)
    expect(pdfPageCount(bytes)).toBe(pages)
    const text = pdfText(bytes)
    for (let number = 1; number <= pages; number++)
      expect(text).toContain(`Page ${number} of ${pages}`)
    for (const name of ['Row 0', 'Row 64', 'Row 129']) expect(text).toContain(name)
    expect(text).toContain('Opening balance\n$0.00')
  })

  it('draws a PDF of several batches to its last page, when the last batch fills no page of its own', async () => {
    const busy = await createCustomer(t)
    // Two full batches and a few rows more: the last batch fills no page of its own.
    const rows = 2_003
    await generateTransactions(t.db, busy.id, rows, new Date('2026-11-01T00:00:00Z'))
    // Read as a browser reads a download: a piece at a time, each read waiting for the next.
    const stream = statementPdf(t.db, {
      userId: busy.id,
      customer: await loadCustomer(t.db, busy.id),
      filter: {},
      now: t.clock.now(),
      language: 'en',
    })
    const pieces: Uint8Array[] = []
    const reader = stream.getReader()
    for (let next = await reader.read(); !next.done; next = await reader.read())
      pieces.push(next.value)
    const bytes = new Uint8Array(Buffer.concat(pieces))
    const pages = pageCount(rows)
    expect(pdfPageCount(bytes)).toBe(pages)
    const text = pdfText(bytes)
    // Oldest first: the last generated row opens the table, the first closes it.
    expect(text).toContain(`Generated ${rows}`)
    expect(text).toContain('Generated 1\n')
    expect(text).toContain(`Page ${pages} of ${pages}`)
  })

  it('refuses downloads without a session and with bad filters, as JSON', async () => {
    const anonymous = await t.download('statementpdf', {})
    expect(anonymous.status).toBe(401)
    const bad = await t.download('statementcsv', { token, from: 'yesterday' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: true,
      message: expect.stringMatching(/^The first day /),
    })
  })

  it('reads a page by keyset on transactions_user_keyset_idx, with no sort, for every filter', async () => {
    const crowd = await createCustomer(t)
    await generateTransactions(t.db, crowd.id, 20_000, new Date('2026-06-01T00:00:00Z'))
    await t.db.execute(sql`analyze transactions`)
    const first = await t.action('statementPage', {
      token: await t.login(crowd.email, crowd.passcode),
    })
    const cursor = first.body.nextCursor as string
    const { decodeCursor } = await import('#server/statements/statement-query')
    // Every filter the screen sends: none, credit/debit, a date range, both.
    const range = { from: '2026-05-20', to: '2026-05-25' }
    for (const filter of [
      {},
      { type: 'debit' as const },
      range,
      { ...range, type: 'credit' as const },
    ]) {
      const query = pageQuery(t.db, {
        userId: crowd.id,
        filter,
        after: decodeCursor(cursor),
        limit: 50,
      }).toSQL()
      const plan = await t.db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))
      const lines = planLines(plan)
      expect(lines, lines).toMatch(/Index Scan using transactions_user_keyset_idx/)
      expect(lines).not.toMatch(/\bSort\b/)
    }
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
