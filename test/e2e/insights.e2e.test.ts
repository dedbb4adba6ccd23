import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, signInDemoCustomer, widths } from './support/signed-in'

/** Screenshots at both widths in both themes, for a person to look at (not committed). */
const shooter = screenshots('insights')

/** What Insights loads with it, and only with it: its code, uPlot and the call's schema. */
const sectionFiles = /\/assets\/(uPlot\.min-|client-wire-insights-)[\w-]+\.js$/

/** The UTC month `daysAgo` days before now, as the month picker names it: "October 2026". */
const monthAgo = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  )

/** The figures' background: the dark theme's surface is not white. */
const cardBackground = (page: Page) =>
  page
    .getByRole('region', { name: 'Per month' })
    .evaluate((card) => getComputedStyle(card).backgroundColor)

for (const scheme of ['light', 'dark'] as const) {
  describe(`Insights in Chromium, ${scheme}`, () => {
    const session: ChromiumSession = useChromiumSession(
      widths.phone,
      {},
      { contextOptions: { colorScheme: scheme } },
    )
    const shoot = (width: number) => shooter(session, `${width}-${scheme}`)

    it('loads with its section: the months chart and table, a month by type, accessible at 390 and 1280 px', async () => {
      const { page, portal } = session
      const loaded: string[] = []
      page.on('request', (request) => loaded.push(request.url()))
      await signInDemoCustomer(session)
      await page.goto(`${portal.url}/dashboard`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(loaded.filter((url) => sectionFiles.test(url))).toEqual([])

      await page.getByRole('button', { name: 'Open menu' }).click()
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Insights' })
        .click()
      await page.waitForURL(`${portal.url}/dashboard/insights`)
      await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor()
      // The seed's deposits (5,000.00 forty days ago, 1,250.00 three weeks ago) came in; the
      // transfer in progress is not counted.
      await page.getByText(/\$6,250\.00 came in and \$[\d,.]+ went out\./).waitFor()
      const months = page.getByRole('table', { name: /^Money in and out per month/ })
      await expect(months.getByRole('row').count()).resolves.toBe(13)
      await page.locator('canvas').first().waitFor()
      expect(await page.locator('[aria-hidden="true"] canvas').count()).toBe(1)
      expect(loaded.filter((url) => sectionFiles.test(url))).toHaveLength(2)
      if (scheme === 'dark') expect(await cardBackground(page)).not.toBe('rgb(255, 255, 255)')

      // The opening deposit's month, by type.
      const opening = monthAgo(40)
      await page.getByLabel('Month', { exact: true }).selectOption({ label: opening })
      const split = page.getByRole('table', { name: `${opening} by type, the most money first` })
      const deposit = split.getByRole('row', { name: /^Deposit / })
      await deposit.waitFor()
      await expect(deposit.innerText()).resolves.toContain('$5,000.00')
      await expectAccessible(page)
      await shoot(widths.phone.width)('insights')

      await page.setViewportSize(widths.desktop)
      await page.locator('canvas').first().waitFor()
      await expectAccessible(page)
      await shoot(widths.desktop.width)('insights')
    })
  })
}
