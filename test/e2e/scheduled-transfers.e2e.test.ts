import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, signInDemoCustomer, widths } from './support/signed-in'

/** Screenshots of every step at both widths, light and dark, for a person to look at. */
const shooter = screenshots('scheduled')

const dayMs = 86_400_000

for (const [device, viewport] of Object.entries(widths)) {
  describe(`a transfer scheduled for tomorrow in Chromium at ${viewport.width} px (${device})`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)
    const shoot = shooter(session, viewport.width)

    /** A screenshot and the axe check in light, then in dark (the system's preference). */
    async function lookAt(page: Page, name: string) {
      // The check first: it waits for the colours' transitions to end before the picture.
      await page.emulateMedia({ colorScheme: 'light' })
      await expectAccessible(page)
      await shoot(`${name}-light`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectAccessible(page)
      await shoot(`${name}-dark`)
      await page.emulateMedia({ colorScheme: 'light' })
    }

    it('schedules it with the PIN, lists it, and the job posts it on its day and tells the customer', async () => {
      const { page, portal } = session
      const tomorrow = new Date(Date.now() + dayMs).toISOString().slice(0, 10)
      await signInDemoCustomer(session)
      await page.goto(`${portal.url}/dashboard/send`)
      await page.getByRole('heading', { name: 'Transfer details' }).waitFor()
      const picker = page.getByLabel('Your payees')
      const jane = picker.locator('option', { hasText: /^Jane Doe/ })
      await picker.selectOption((await jane.getAttribute('value')) ?? '')
      await page.getByLabel('Amount *', { exact: true }).fill('25')
      await page.getByLabel('Note *', { exact: true }).fill('Rent')
      await page.getByRole('button', { name: 'Continue' }).click()

      // The confirm step: Send later, tomorrow (a UTC day).
      await page.getByRole('heading', { name: 'Confirm transfer' }).waitFor()
      await page.getByLabel('Send', { exact: true }).selectOption('later')
      await page.getByRole('button', { name: 'Confirmed' }).click()
      await page.getByText('Choose the date of the transfer.').waitFor()
      await page.getByLabel('Date (UTC) *').fill(tomorrow)
      await lookAt(page, '1-confirm-later')
      await page.getByRole('button', { name: 'Confirmed' }).click()
      await page.getByLabel('PIN', { exact: true }).fill('1234')
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('heading', { name: 'Transfer Scheduled' }).waitFor()
      await page.getByText(`Transfer scheduled for ${tomorrow}.`).waitFor()
      await lookAt(page, '2-scheduled')

      // The list: tomorrow's transfer, with Skip and Cancel series.
      await page.getByRole('link', { name: 'See your scheduled transfers' }).click()
      await page.waitForURL(`${portal.url}/dashboard/scheduled`)
      await page.getByRole('heading', { level: 1, name: 'Scheduled transfers' }).waitFor()
      const series = page.getByRole('region', { name: '$25.00 to Jane Doe' })
      await series.getByRole('list', { name: 'Upcoming transfers' }).getByRole('listitem').waitFor()
      await series.getByRole('button', { name: 'Cancel series' }).waitFor()
      await lookAt(page, '3-list')
      // Nothing moves today: the server's own job runs every minute on today's date.
      await expect(portal.runOps('scheduled-transfers run', [])).resolves.toBe(
        '0 scheduled transfer(s) made, 0 could not be made.',
      )

      // Tomorrow, shortly after midnight UTC: the job makes it, as a held transfer.
      const runAt = new Date(`${tomorrow}T00:05:00Z`)
      await expect(portal.runOps('scheduled-transfers run', [], runAt)).resolves.toBe(
        '1 scheduled transfer(s) made, 0 could not be made.',
      )
      await page.reload()
      await page.getByText('No scheduled transfers.').waitFor()

      await page.goto(`${portal.url}/dashboard/notifications`)
      const told = `Your scheduled transfer of $25.00 to Jane Doe for ${tomorrow} is being processed.`
      await page.getByText(told).first().waitFor()
      await lookAt(page, '4-notified')
      await page.goto(`${portal.url}/dashboard/statements`)
      await page
        .getByRole('link', { name: /Transfer to Jane Doe/ })
        .first()
        .waitFor()
    })
  })
}
