import { readFile } from 'node:fs/promises'
import { desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { bankAccountCodes } from '#server/db/ledger'
import { dailyFigures, fundingRequests, transfers } from '#server/db/schema'
import { decideRequest } from '#server/domain/funding-requests'
import { runReconciliation } from '#server/domain/reconciliation'
import { decideTransfer } from '#server/domain/transfers'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible } from './support/signed-in'
import {
  type ConsolePerson,
  type ConsoleTeam,
  consoleUrl,
  demoDeposit,
  enrolConsolePerson,
  enrolTeam,
  signInConsole,
} from './support/staff-console'

/**
 * The bank's daily figures in the console (issue 18, docs/decisions/076): a fortnight of
 * deposits confirmed and transfers settled and failed through the bank's own decision paths
 * (dated back), read by the auditor as a chart, a table and a CSV; the chart's library loads
 * with the page only; a ledger broken by SQL shows its difference in red and in words. Axe
 * (WCAG 2.2 A/AA) on both, and screenshots at 1440 and 1024 px.
 */

const shooter = screenshots('daily-figures')
const day = 24 * 60 * 60 * 1000

describe('the daily figures', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  let team: ConsoleTeam
  let auditor: ConsolePerson

  beforeAll(async () => {
    const { portal } = session
    team = await enrolTeam(portal)
    auditor = await enrolConsolePerson(
      portal,
      { email: 'auditor@staff.test', name: 'Finn Holt', roles: ['auditor'] },
      team.admin.actor,
    )
    // Deposits confirmed on ten of the last fourteen days, each as Cara Diaz confirms one.
    const now = Date.now()
    for (const [daysAgo, amount] of [
      [13, '120.00'],
      [11, '80.50'],
      [10, '310.00'],
      [8, '45.25'],
      [7, '150.00'],
      [5, '260.00'],
      [4, '95.00'],
      [3, '400.00'],
      [1, '175.75'],
      [0, '220.00'],
    ] as const) {
      await demoDeposit(portal, amount)
      const [request] = await portal.db
        .select({ id: fundingRequests.id })
        .from(fundingRequests)
        .where(eq(fundingRequests.status, 'pending'))
        .orderBy(desc(fundingRequests.id))
        .limit(1)
      await decideRequest(
        portal.db,
        request?.id as number,
        { confirm: true },
        new Date(now - daysAgo * day),
        {
          decidedBy: team.payments.actor.staffId,
        },
      )
    }
    // The demo customer's transfer in progress fails today.
    const [waiting] = await portal.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.status, 'in_progress'))
    await decideTransfer(
      portal.db,
      waiting?.id as number,
      { settle: false, reason: 'The payee bank refused it.' },
      new Date(now),
      team.payments.actor.staffId,
    )
    // The server rolled up the closed days when it started (docs/decisions/102); the decisions
    // above were dated back into them, which the bank's own paths never do: count them again.
    await portal.db.delete(dailyFigures)
  })

  it('shows the day, the books, the queues, the chart and the table, and gives the CSV', async () => {
    await signInConsole(session, auditor)
    const { page } = session
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(request.url()))

    // Home: the figures' code and the chart library are not loaded with the console.
    const figuresChunk = /\/assets\/figures-screen-[\w-]+\.js$/
    // uPlot's own chunk, shared with the customers' Insights (decision 089).
    const chartChunk = /\/assets\/uPlot[\w.-]*\.js$/
    await page.goto(consoleUrl(session, '/'))
    await page.getByRole('heading', { level: 1, name: 'Welcome, Finn Holt' }).waitFor()
    expect(loaded.filter((url) => figuresChunk.test(url) || chartChunk.test(url))).toEqual([])

    await page.getByRole('link', { name: 'Figures' }).click()
    await page.getByRole('heading', { level: 1, name: 'Daily figures' }).waitFor()
    expect(loaded.filter((url) => figuresChunk.test(url))).toHaveLength(1)
    const chartUrl = loaded.find((url) => chartChunk.test(url))
    expect(chartUrl, 'the chart library loads with the figures').toBeDefined()
    const uplot = await readFile(
      new URL(`../../dist/assets/${chartUrl?.split('/assets/')[1]}`, import.meta.url),
      'utf8',
    )
    expect(uplot, 'uPlot is in the chart chunk').toContain('u-legend')

    // Today: the deposit of 220.00 and the failed transfer of 132.50.
    const today = page.getByRole('region', { name: /^Figures of \d\d\/\d\d\/\d{4} \(UTC\)$/ })
    await today.getByText('$220.00').waitFor()
    await today.getByText('$132.50').waitFor()
    await page.getByText('The books balance: every account together sums to $0.00.').waitFor()
    // The last scheduled check's result, with its time (docs/decisions/102).
    await page.getByText(/^Last checked \d\d\/\d\d\/\d{4}/).waitFor()
    // The chart is drawn, beside the table that says the same.
    await page.locator('canvas').first().waitFor()
    const table = page.getByRole('table', { name: /^Figures per day, the 30 days to \d/ })
    await expect(table.getByRole('row').count()).resolves.toBe(31)
    await expectAccessible(page)
    await shooter(session, 1440)('figures')
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.locator('canvas').first().waitFor()
    await shooter(session, 1024)('figures')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^figures-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
    )
    const csv = (await readFile((await download.path()) as string, 'utf8')).split('\r\n')
    expect(csv[0]).toMatch(/^\uFEFFday,deposits_confirmed,deposits_sum,/)
    expect(csv[30]).toMatch(
      /^\d{4}-\d\d-\d\d,1,220\.00,0,0\.00,0,0\.00,0,0\.00,1,132\.50,0\.00,USD$/,
    )

    // Another period, by the form.
    await page.getByLabel('Period').selectOption('7')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.getByRole('table', { name: /^Figures per day, the 7 days to / }).waitFor()
  })

  it('shows a difference in the books in red and in words', async () => {
    const { portal } = session
    await portal.db.execute(sql`
      with broken as (
        insert into postings (kind, memo) values ('test', 'unbalanced on purpose') returning id
      )
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select broken.id, a.id, a.currency, 1 from broken, ledger_accounts a
      where a.code = ${bankAccountCodes.fees}`)
    // The scheduled check finds it (run now rather than in 15 minutes).
    await runReconciliation(portal.db, new Date())
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/figures'))
    await page.getByRole('heading', { level: 1, name: 'Daily figures' }).waitFor()
    await page.getByRole('row', { name: /Difference: out of balance \$0\.01/ }).waitFor()
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(
      /^The books do not balance: every account together sums to \$0\.01, not \$0\.00\./,
    )
    const colour = await page
      .getByRole('row', { name: /Difference: out of balance/ })
      .evaluate((row) => getComputedStyle(row).color)
    expect(colour).toBe('rgb(180, 35, 24)')
    await page.locator('canvas').first().waitFor()
    await expectAccessible(page)
    await shooter(session, 1440)('figures-out-of-balance')
  })

  it('is not there for a person whose roles do not read it', async () => {
    await signInConsole(session, team.support)
    const { page } = session
    await page.goto(consoleUrl(session, '/figures'))
    await page.getByRole('heading', { level: 1, name: 'Welcome, Eva Lind' }).waitFor()
    await expect(page.getByRole('link', { name: 'Figures' }).count()).resolves.toBe(0)
  })
})
