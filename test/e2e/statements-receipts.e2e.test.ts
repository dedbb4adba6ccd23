import { readFile } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatDayMonthYear } from '#api/day-month-year'
import { transactions, users } from '#server/db/schema'
import { generateTransactions, insertTransactions } from '../server/support/history'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import {
  atEachWidth,
  demoCustomer,
  lookAtEachWidth,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/** Screenshots of each screen at both widths. */
const shooter = screenshots('statements-receipts')

/** The long history the issue asks the screen to stay fast for. */
const historyRows = 100_000
const day = 24 * 60 * 60 * 1000

/** The UTC day `days` before now, as the date inputs and the server read it. */
const utcDay = (days: number) => new Date(Date.now() - days * day).toISOString().slice(0, 10)
/** A YYYY-MM-DD day as the customer types it in the filter (dd/mm/yyyy). */
const typedDay = (isoDay: string) => formatDayMonthYear(isoDay)

/** "1,234 transactions shown…": the number the list's summary line gives. */
async function rowsShown(page: Page): Promise<number> {
  const text = await page.getByText(/transactions shown/).innerText()
  return Number(/([\d,]+) transactions shown/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN)
}

const transactionList = (page: Page) =>
  page.getByRole('list', { name: 'Transactions, newest first' })

/**
 * Scrolls to the bottom until the list says every row is shown or `atLeast` rows are loaded:
 * the page checks the list's summary line and scrolls again at each poll, so each page of rows
 * is asked for as soon as the one before it is drawn.
 */
async function scrollUntil(page: Page, atLeast: number) {
  await page.waitForFunction(
    (wanted) => {
      const summary = [...document.querySelectorAll('p')].find((element) =>
        /^(All )?[\d,]+ transactions shown/.test(element.textContent ?? ''),
      )?.textContent
      if (summary && /^All [\d,]+ transactions shown\.$/.test(summary)) return true
      const shown = Number(
        /([\d,]+) transactions shown/.exec(summary ?? '')?.[1]?.replaceAll(',', ''),
      )
      if (shown >= wanted) return true
      window.scrollTo(0, document.documentElement.scrollHeight)
      return false
    },
    atLeast,
    { polling: 30, timeout: 55_000 },
  )
}

async function savedDownload(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ])
  const path = await download.path()
  return { name: download.suggestedFilename(), bytes: await readFile(path) }
}

/**
 * One portal for both widths: the journeys only read, so the 100,000 transactions are seeded
 * once. Each width's tests set their page to it.
 */
describe('statements and receipts in Chromium', () => {
  const session: ChromiumSession = useChromiumSession()
  let demoId = 0
  let foreignReceipt = ''

  beforeAll(async () => {
    const { db } = session.portal
    const [demo] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoCustomer?.email ?? ''))
    const [other] = await db.select().from(users).where(eq(users.email, 'pending@meridian.example'))
    if (!demo || !other) throw new Error('the demo customers are not seeded')
    demoId = demo.id
    // 100,000 rows, one a minute back from three days ago (about 69 days), in one statement;
    // the demo's own recent transfer (two days ago) stays near the top.
    const seeding = Date.now()
    await generateTransactions(db, demo.id, historyRows, new Date(Date.now() - 3 * day))
    await db.execute(sql`analyze transactions`)
    console.log(`statements e2e: ${historyRows} transactions seeded in ${Date.now() - seeding} ms`)
    // Three transfers to one payee among them, for the search.
    await insertTransactions(
      db,
      demo.id,
      [1000, 1200, 5000].map((amount, index) => ({
        name: 'Transfer to Ada Lovelace',
        direction: 'debit' as const,
        amount,
        at: new Date(Date.now() - (20 + index) * day),
        payee: { actHoldName: 'Ada Lovelace', bank: 'Harbor Bank', actNo: '0011223344' },
        note: `Rent, month ${index + 1}`,
      })),
    )
    // A receipt of another customer: the demo customer must not see it.
    await insertTransactions(db, other.id, [
      { name: 'Not yours', direction: 'credit', amount: 999, at: new Date() },
    ])
    const [foreign] = await db.select().from(transactions).where(eq(transactions.userId, other.id))
    foreignReceipt = foreign?.ref2 ?? ''
  })

  const open = (path: string, heading: string) => openPage(session, path, heading)

  /** The receipt id of the demo customer's seeded transaction called `name`. */
  async function receiptOf(name: string) {
    const [row] = await session.portal.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, demoId), eq(transactions.name, name)))
    if (!row) throw new Error(`no transaction ${name}`)
    return row.ref2
  }

  /**
   * Each journey runs once, at the phone's width, and each screen it passes is looked at at both
   * widths, the viewport resized (atEachWidth): no need to sign in, load and scroll again.
   */
  describe('at 390 and 1280 px', () => {
    const look = lookAtEachWidth(session, shooter, { fullPage: false })
    beforeEach(() => session.page.setViewportSize(widths.phone))

    it('scrolls 10,000 of 100,000 transactions deep with only the rows in view in the page', async () => {
      const page = session.page
      await signInDemoCustomer(session)
      await open('/dashboard/statements', 'Statements & Report')
      await transactionList(page).getByRole('listitem').first().waitFor()
      await look('statements')
      await page.setViewportSize(widths.phone)

      const started = Date.now()
      await scrollUntil(page, 10_000)
      const loaded = await rowsShown(page)
      expect(loaded).toBeGreaterThanOrEqual(10_000)
      // A virtual list: a few dozen rows in the page however many are loaded.
      expect(await transactionList(page).getByRole('listitem').count()).toBeLessThan(80)
      // The rows drawn are the deep ones: their positions are in the thousands.
      const position = Number(
        await transactionList(page).getByRole('listitem').last().getAttribute('aria-posinset'),
      )
      expect(position).toBeGreaterThan(9_900)
      // The page's JavaScript heap, from Chromium's own metrics.
      const cdp = await session.context.newCDPSession(page)
      await cdp.send('Performance.enable')
      const { metrics } = await cdp.send('Performance.getMetrics')
      const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0
      console.log(
        `statements e2e: ${loaded} rows loaded by scrolling in ${Date.now() - started} ms; ` +
          `${await transactionList(page).getByRole('listitem').count()} rows in the page; ` +
          `JS heap ${(heapBytes / 1e6).toFixed(1)} MB`,
      )
      // At either width, the list still draws only the deep rows in view.
      await atEachWidth(page, async (device, viewport) => {
        expect(await transactionList(page).getByRole('listitem').count(), device).toBeLessThan(80)
        const deepest = await transactionList(page)
          .getByRole('listitem')
          .last()
          .getAttribute('aria-posinset')
        expect(Number(deepest), device).toBeGreaterThan(9_900)
        await shooter(session, viewport.width, { fullPage: false })('statements-deep')
      })
    })

    it('filters by a date range and debits, and downloads that filter as CSV and PDF', async () => {
      const page = session.page
      await signInDemoCustomer(session)
      await open('/dashboard/statements', 'Statements & Report')
      await transactionList(page).getByRole('listitem').first().waitFor()

      // A range the wrong way round is refused before anything is asked.
      await page.getByLabel('From', { exact: true }).fill(typedDay(utcDay(10)))
      await page.getByLabel('To', { exact: true }).fill(typedDay(utcDay(11)))
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText('The start date must be on or before the end date.').waitFor()
      await look('statements-refused-range')
      await page.setViewportSize(widths.phone)

      const from = utcDay(11)
      const to = utcDay(10)
      await page.getByLabel('From', { exact: true }).fill(typedDay(from))
      await page.getByLabel('To', { exact: true }).fill(typedDay(to))
      await page.getByLabel('Type').selectOption('debit')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText(/transactions shown/).waitFor()
      // The applied filter is in the address, so a reload keeps it.
      expect(page.url()).toBe(
        `${session.portal.url}/dashboard/statements?from=${from}&to=${to}&type=debit`,
      )
      await scrollUntil(page, Number.POSITIVE_INFINITY)
      const [expected] = await session.portal.db
        .select({ count: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, demoId),
            eq(transactions.transactionType, 'debit'),
            sql`${transactions.createdAt} >= ${from}::date::timestamp at time zone 'UTC'`,
            sql`${transactions.createdAt} < (${to}::date + 1)::timestamp at time zone 'UTC'`,
          ),
        )
      const count = expected?.count ?? 0
      expect(count).toBeGreaterThan(900)
      expect(await rowsShown(page)).toBe(count)
      await page.getByText('End of statement').waitFor()
      const amounts = await transactionList(page).getByRole('listitem').allInnerTexts()
      for (const row of amounts) expect(row).toMatch(/-\$[\d,]+\.\d{2}/)
      await atEachWidth(page, async (_device, viewport) =>
        shooter(session, viewport.width, { fullPage: false })('statements-filtered'),
      )

      const csv = await savedDownload(page, 'Download CSV')
      expect(csv.name).toBe(`statement_${from}_to_${to}.csv`)
      const lines = csv.bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split(/\r\n/)
      expect(lines[0]).toBe(
        'date,name,type,amount,charge,status,receipt_id,bank,account_holder,account_number,country',
      )
      expect(lines).toHaveLength(count + 1)
      for (const line of lines.slice(1)) expect(line.split(',')[2]).toBe('debit')

      const pdf = await savedDownload(page, 'Download PDF')
      expect(pdf.name).toBe(`statement_${from}_to_${to}.pdf`)
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

      // A day with no transaction: the dashboard's empty state.
      await page.getByLabel('From', { exact: true }).fill('01/01/2001')
      await page.getByLabel('To', { exact: true }).fill('31/01/2001')
      await page.getByLabel('Type').selectOption('')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText('No Transaction History').waitFor()
      await look('statements-empty')
    })

    it('searches the 100,000 transactions by text and by amount (decision 087)', async () => {
      const page = session.page
      await signInDemoCustomer(session)
      await open('/dashboard/statements', 'Statements & Report')
      await transactionList(page).getByRole('listitem').first().waitFor()
      // The three transfers to Ada Lovelace among the 100,000 lines, found by payee and note.
      await page.getByLabel('Search').fill('lovelace RENT')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText('All 3 transactions shown.').waitFor()
      expect(new URL(page.url()).searchParams.get('search')).toBe('lovelace RENT')
      // Their amounts are 10.00, 12.00 and 50.00: two from 10 to 12, both ends included.
      await page.getByLabel('Amount from').fill('10')
      await page.getByLabel('Amount to').fill('12')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText('All 2 transactions shown.').waitFor()
      const rows = await transactionList(page).getByRole('listitem').allInnerTexts()
      expect(rows.map((row) => /-\$[\d.]+/.exec(row)?.[0])).toEqual(['-$10.00', '-$12.00'])
      await look('statements-search')
      await page.setViewportSize(widths.phone)
      // The wrong way round: refused at the amounts, nothing asked.
      await page.getByLabel('Amount from').fill('30')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText('The smallest amount must not be more than the largest.').waitFor()
      expect(await page.getByText('All 2 transactions shown.').count()).toBe(1)
      await page.getByLabel('Search').fill('')
      await page.getByLabel('Amount from').fill('')
      await page.getByLabel('Amount to').fill('')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByText(/transactions shown, newest first/).waitFor()
    })

    it('opens a Transfer receipt from the list, prints it alone and downloads its PDF', async () => {
      const page = session.page
      await signInDemoCustomer(session)
      const ref = await receiptOf('Transfer to ACME Supplies Ltd')
      await open('/dashboard/statements', 'Statements & Report')
      await page.getByLabel('Type').selectOption('debit')
      await page.getByRole('button', { name: 'Apply filter' }).click()
      await page.getByRole('link', { name: /Transfer to ACME Supplies Ltd/ }).click()
      await page.getByRole('heading', { level: 2, name: 'Transfer receipt' }).waitFor()
      expect(page.url()).toBe(`${session.portal.url}/dashboard/receipt/${ref}`)
      const receipt = page.getByRole('article', { name: 'Transfer receipt' })
      const text = await receipt.innerText()
      for (const expected of [
        /Bank name\s+Northwind Savings/,
        /Name\s+ACME Supplies Ltd/,
        /Account number\s+55500012/,
        /Country\s+Germany/,
        /Transaction type\s+Bank Transfer/,
        /Date and time\s+\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}/,
        new RegExp(`Transaction ID\\s+${ref}`),
        /Amount sent\s+-\$132\.50/,
        /Service charge\s+\$13\.25/,
        /Payee receives\s+\$119\.25/,
        /Status\s+in progress/i,
      ])
        expect(text).toMatch(expected)
      await look('receipt-transfer')
      await page.setViewportSize(widths.phone)

      // Printed, the page shows the receipt only.
      await page.emulateMedia({ media: 'print' })
      expect(await receipt.isVisible()).toBe(true)
      expect(await page.getByRole('banner').isVisible()).toBe(false)
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
      await atEachWidth(page, async (_device, viewport) =>
        shooter(session, viewport.width, { fullPage: false })('receipt-print'),
      )
      await page.emulateMedia({ media: 'screen' })
      await page.setViewportSize(widths.phone)

      const pdf = await savedDownload(page, 'Download PDF')
      expect(pdf.name).toBe(`receipt_${ref}.pdf`)
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

      // Back: the statement again, with the filter it had.
      await page.goBack()
      await page.getByRole('heading', { level: 1, name: 'Statements & Report' }).waitFor()
      expect(page.url()).toBe(`${session.portal.url}/dashboard/statements?type=debit`)
      expect(await page.getByLabel('Type').inputValue()).toBe('debit')
      await page.getByRole('link', { name: /Transfer to ACME Supplies Ltd/ }).waitFor()
    })

    it('shows a Payment receipt for a credit', async () => {
      const page = session.page
      await signInDemoCustomer(session)
      const ref = await receiptOf('Opening deposit')
      await open(`/dashboard/receipt/${ref}`, 'Receipt')
      const text = await page.getByRole('article', { name: 'Payment receipt' }).innerText()
      for (const expected of [
        new RegExp(`Ref number\\s+${ref}`),
        /Payment status\s+successful/i,
        /Invoice brief\s+Opening deposit/,
        /Transaction type\s+Credit/,
        /Date and time\s+\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}/,
        /Amount\s+\$5,000\.00/,
      ])
        expect(text).toMatch(expected)
      await look('receipt-payment')
    })

    it("says 'Receipt not found' for another customer's receipt and an unknown one", async () => {
      const page = session.page
      await signInDemoCustomer(session)
      for (const id of [foreignReceipt, 'no-such-receipt', 'x'.repeat(200)]) {
        await open(`/dashboard/receipt/${id}`, 'Receipt not found')
        expect(await page.getByText('Not yours').count()).toBe(0)
      }
      await look('receipt-not-found')
      await page.setViewportSize(widths.phone)
      await page.getByRole('link', { name: 'Go to Statements & Report' }).click()
      await page.getByRole('heading', { level: 1, name: 'Statements & Report' }).waitFor()
    })

    it('sends the receipt index to Statements & Report', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/receipt', 'Statements & Report')
      expect(session.page.url()).toBe(`${session.portal.url}/dashboard/statements`)
    })
  })
})
