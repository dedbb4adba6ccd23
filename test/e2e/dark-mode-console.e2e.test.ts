import { desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { fundingRequests } from '#server/db/schema'
import { decideRequest } from '#server/domain/funding-requests'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { atEachWidth, expectAccessible, lookAtEachWidth, widths } from './support/signed-in'
import {
  type ConsolePerson,
  type ConsoleTeam,
  consoleUrl,
  customerAwaitingKyc,
  demoDeposit,
  enrolConsolePerson,
  enrolTeam,
  signInConsole,
} from './support/staff-console'

/**
 * Dark mode in the staff console (issue 20, docs/decisions/086): every screen, the system's
 * preference emulated dark, with axe (WCAG 2.2 A/AA, contrast included) and screenshots at 390
 * and 1280 px; the header's switch, and the figures' chart drawn again in the other palette.
 */

const shooter = screenshots('dark-mode-console')

const night = 'rgb(14, 21, 34)'
const day = 'rgb(243, 245, 249)'

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** The chart's pixels, to tell one drawing from another. */
const chartPixels = (page: Page) =>
  page
    .locator('canvas')
    .first()
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL())

/** Every section the auditor reads, by address and heading, and the cases opened from them. */
const screens: Array<[string, string | RegExp]> = [
  ['/', 'Welcome, Finn Holt'],
  ['/kyc', 'KYC submissions'],
  ['/kyc/requests', 'KYC requests from the dashboard'],
  ['/requests', 'Requests'],
  ['/transfers', 'Transfers'],
  ['/approvals', 'Approvals'],
  ['/broadcasts', 'Broadcasts'],
  ['/figures', 'Daily figures'],
  ['/customers?q=dana', 'Customers'],
  ['/mail', 'Mail'],
  ['/settings', 'Settings'],
  ['/settings/coins', 'Coins and deposit addresses'],
  ['/staff', 'Staff'],
  ['/audit', 'Audit log'],
  ['/sessions', 'My sessions'],
]

const shotName = (address: string) =>
  address.replace(/\?.*$/, '').replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'

describe('every console screen in dark at 390 and 1280 px', () => {
  const session: ChromiumSession = useChromiumSession(
    widths.phone,
    {},
    { contextOptions: { colorScheme: 'dark' } },
  )

  /** The page as it is now, at each width: dark, with AA contrast, and its screenshot. */
  const lookAtBothWidths = lookAtEachWidth(session, shooter, {
    check: async (device) =>
      expect(await background(session.page), `at ${device} width`).toBe(night),
  })
  let team: ConsoleTeam
  let auditor: ConsolePerson
  let pendingDeposit = 0

  beforeAll(async () => {
    const { portal } = session
    team = await enrolTeam(portal)
    auditor = await enrolConsolePerson(
      portal,
      { email: 'auditor@staff.test', name: 'Finn Holt', roles: ['auditor'] },
      team.admin.actor,
    )
    await customerAwaitingKyc(portal)
    // Two deposits: one confirmed today (a line on the chart), one waiting for a decision.
    for (const amount of ['240.00', '75.00']) {
      await demoDeposit(portal, amount)
      const [request] = await portal.db
        .select({ id: fundingRequests.id })
        .from(fundingRequests)
        .where(eq(fundingRequests.status, 'pending'))
        .orderBy(desc(fundingRequests.id))
        .limit(1)
      pendingDeposit = request?.id ?? 0
      if (amount === '240.00')
        await decideRequest(portal.db, pendingDeposit, { confirm: true }, new Date(), {
          decidedBy: team.payments.actor.staffId,
        })
    }
  })

  it('draws the sign-in and the enrolment pages, and a refused sign-in, in dark', async () => {
    const { page } = session
    await page.goto(consoleUrl(session, '/sign-in'))
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor()
    expect(await background(page)).toBe(night)
    await page.getByLabel('E-mail address').fill('auditor@staff.test')
    await page.getByLabel('Password', { exact: true }).fill('not the password at all')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('alert').first().waitFor()
    await lookAtBothWidths('sign-in-refused')
    await page.goto(consoleUrl(session, '/enrol'))
    await page.getByRole('heading', { level: 1, name: 'Staff enrolment' }).waitFor()
    await lookAtBothWidths('enrol')
  }, 120_000)

  it('draws every section, a case of each kind and the customer page in dark with AA contrast', async () => {
    await signInConsole(session, auditor)
    const { page } = session
    for (const [address, heading] of screens) {
      await page.goto(consoleUrl(session, address))
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      if (address === '/figures') await page.locator('canvas').first().waitFor()
      await lookAtBothWidths(shotName(address))
    }
    await page.goto(consoleUrl(session, '/kyc'))
    await page
      .getByRole('link', { name: /Noor Haddad/ })
      .first()
      .click()
    await page.getByRole('heading', { level: 1, name: /^KYC submission of Noor Haddad$/ }).waitFor()
    await page.getByRole('img', { name: "The document's front" }).waitFor()
    await lookAtBothWidths('kyc-case')
    await page.goto(consoleUrl(session, `/requests/${pendingDeposit}`))
    await page
      .getByRole('heading', { level: 1, name: /Deposit request \d+ of Dana Morgan/ })
      .waitFor()
    await lookAtBothWidths('request-case')
    await page.goto(consoleUrl(session, '/customers?q=dana'))
    await page.getByRole('link', { name: 'Dana Morgan' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
    await page.getByRole('heading', { name: 'Ledger history' }).waitFor()
    await lookAtBothWidths('customer')
  }, 360_000)

  it('draws a decision dialog in dark with AA contrast', async () => {
    await signInConsole(session, team.payments)
    const { page } = session
    await page.goto(consoleUrl(session, `/requests/${pendingDeposit}`))
    await page
      .getByRole('heading', { level: 1, name: /Deposit request \d+ of Dana Morgan/ })
      .waitFor()
    await page.getByRole('button', { name: 'Decline', exact: true }).click()
    await page.getByRole('dialog').waitFor()
    await lookAtBothWidths('decision-dialog')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  }, 120_000)

  it("switches in the header: the page and the figures' chart follow, and the choice is kept", async () => {
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/figures'))
    await page.getByRole('heading', { level: 1, name: 'Daily figures' }).waitFor()
    await page.locator('canvas').first().waitFor()
    const appearance = page.getByRole('group', { name: 'Appearance' })
    // At each width, the switch in its header (a phone's header is narrower).
    await atEachWidth(page, async (device, viewport) => {
      expect(await appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true)
      const inDark = await chartPixels(page)

      await appearance.getByRole('radio', { name: 'Light' }).check()
      await expect.poll(() => background(page)).toBe(day)
      await expect.poll(() => chartPixels(page)).not.toBe(inDark)
      await expectAccessible(page).catch((error: unknown) => {
        throw new Error(`figures in light at ${device} width: ${String(error)}`)
      })
      await shooter(session, viewport.width)('figures-light')
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Daily figures' }).waitFor()
      expect(await background(page)).toBe(day)
      expect(await appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true)

      await appearance.getByRole('radio', { name: 'System' }).check()
      await expect.poll(() => background(page)).toBe(night)
      await page.locator('canvas').first().waitFor()
      await expect.poll(() => chartPixels(page)).toBe(inDark)
    })
  }, 120_000)
})
