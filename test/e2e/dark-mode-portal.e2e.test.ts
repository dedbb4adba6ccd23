import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { transactions, users } from '#server/db/schema'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  expectAccessible,
  lookAtEachWidth,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/**
 * Dark mode in the portal (issue 20, docs/decisions/086). A prerendered page is dark from its
 * HTML alone when the system prefers dark or this browser chose dark; the Settings switch is
 * kept across a reload and a logout, and System follows the device. Then every screen in dark,
 * the system's preference emulated (Playwright's colorScheme), with axe (WCAG 2.2 A/AA,
 * contrast included) and screenshots at 390 and 1280 px. The other journeys check the light
 * theme; this one file checks the dark one, so the suite runs axe once per screen and theme.
 */

const shooter = screenshots('dark-mode')

/** The page's background in each palette (src/ui/theme.css.ts). */
const night = 'rgb(14, 21, 34)'
const day = 'rgb(243, 245, 249)'

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** What the page draws before any of its modules runs: their requests are refused. */
async function withoutModules(context: BrowserContext) {
  await context.route('**/assets/*.js', (route) => route.abort())
}

/** Errors the page logs: a refused inline script (the CSP) is one. */
function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text())
  })
  return errors
}

describe('dark mode before the first paint', () => {
  const session: ChromiumSession = useChromiumSession(
    widths.desktop,
    {},
    { contextOptions: { colorScheme: 'dark' } },
  )

  it('draws a prerendered page dark from its HTML when the system prefers dark', async () => {
    const { page } = session
    await withoutModules(session.context)
    await page.goto(`${session.portal.url}/account/login`)
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(await background(page)).toBe(night)
    // The browser's own parts (fields, scrollbars) are dark too.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'dark',
    )
  })

  it("draws it in the browser's stored choice over the system's, both ways", async () => {
    const errors = consoleErrors(session.page)
    await withoutModules(session.context)
    await session.context.addInitScript(() => window.localStorage.setItem('appearance', 'light'))
    await session.page.goto(`${session.portal.url}/account/signup`)
    await session.page.getByRole('heading', { level: 1, name: 'Open an account' }).waitFor()
    expect(await background(session.page)).toBe(day)

    const light = await session.browser.newContext({ colorScheme: 'light' })
    await withoutModules(light)
    await light.addInitScript(() => window.localStorage.setItem('appearance', 'dark'))
    const page = await light.newPage()
    errors.push(...consoleErrors(page))
    await page.goto(`${session.portal.url}/account/login`)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await background(page)).toBe(night)
    // The console's page, which is not prerendered, is marked before its stylesheet applies.
    await page.goto(`${new URL(session.portal.publicUrl).origin}/wp-admin/sign-in`)
    expect(await background(page)).toBe(night)
    await light.close()
    // The inline script ran: the Content-Security-Policy allowed it by its hash.
    expect(errors).toEqual([])
  })
})

describe('the Appearance switch in Settings', () => {
  // The system prefers light here, as Chromium does by default.
  const session: ChromiumSession = useChromiumSession(widths.desktop)

  it('turns the page dark at once, stays dark after a reload and a logout; System follows the device', async () => {
    const { page } = session
    await signInDemoCustomer(session)
    await openPage(session, '/dashboard/settings', 'Settings')
    const appearance = page.getByRole('group', { name: 'Appearance' })
    expect(await appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true)
    expect(await background(page)).toBe(day)

    await appearance.getByRole('radio', { name: 'Dark' }).check()
    await expect.poll(() => background(page)).toBe(night)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(await background(page)).toBe(night)
    expect(await appearance.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)

    await appearance.getByRole('radio', { name: 'System' }).check()
    await expect.poll(() => background(page)).toBe(day)
    expect(await page.evaluate(() => window.localStorage.getItem('appearance'))).toBeNull()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => background(page)).toBe(night)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => background(page)).toBe(day)

    await appearance.getByRole('radio', { name: 'Light' }).check()
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await background(page)).toBe(day)
    await appearance.getByRole('radio', { name: 'Dark' }).check()
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => background(page)).toBe(night)

    // Logout clears every key of the sign-in, not the browser's appearance (decisions 080, 086).
    await page.getByRole('button', { name: 'Profile menu for Dana Morgan' }).click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual(['appearance'])
    expect(await background(page)).toBe(night)
  })
})

/** The signed-in sections, by address and heading. */
const sections: Array<[string, string]> = [
  ['/dashboard', 'Dana Morgan'],
  ['/dashboard/notifications', 'Notifications'],
  ['/dashboard/statements', 'Statements & Report'],
  ['/dashboard/send', 'Bank Transfer'],
  ['/dashboard/payees', 'Payees'],
  ['/dashboard/add-funds', 'Add Funds'],
  ['/dashboard/add-funds/it', 'Institutional Transfer'],
  ['/dashboard/add-funds/crypto', 'Crypto Deposit'],
  ['/dashboard/make-payment/crypto', 'Pay with crypto'],
  ['/dashboard/fixed-deposit', 'Fixed deposit with crypto'],
  ['/dashboard/upgrade', 'Upgrade Account'],
  ['/dashboard/kyc', 'Identity verification'],
  ['/dashboard/profile', 'Profile'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/contact', 'Help & Support'],
]

/** The signed-out pages, by address and heading. */
const signedOut: Array<[string, string]> = [
  ['/account/login', 'Sign in'],
  ['/account/signup', 'Open an account'],
  // A well-formed link's page (it asks before it calls). Before the plain forgot page: from
  // there, only the fragment would change, which is no new page.
  [`/account/forgot#not-me=${'A'.repeat(43)}`, 'Secure your account'],
  ['/account/forgot', 'Forgot your passcode?'],
  ['/account/verify?email=ana%40example.com', 'Verify your e-mail'],
  ['/terms', 'Terms and Conditions'],
  ['/privacy', 'Privacy Policy'],
]

const shotName = (address: string) =>
  address
    .replace(/[?=].*$/, '')
    .replace(/^\/(dashboard\/?)?/, '')
    .replace(/\W+/g, '-') || 'home'

describe('every portal screen in dark at 390 and 1280 px', () => {
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

  it('draws the signed-out pages, and login with its errors, in dark with AA contrast', async () => {
    const { page } = session
    for (const [address, heading] of signedOut) {
      await page.goto(`${session.portal.url}${address}`)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await lookAtBothWidths(`signed-out-${shotName(address)}`)
    }
    // Login's second step, refused: the error's colours on the dark card.
    await page.goto(`${session.portal.url}/account/login`)
    await page.getByLabel('E-mail address').fill(demoCustomer?.email ?? '')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Passcode').fill('000000')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText(/^Invalid Credentials\./).waitFor()
    await lookAtBothWidths('signed-out-login-refused')
    // Signup's field errors.
    await page.goto(`${session.portal.url}/account/signup`)
    await page.getByRole('button', { name: 'Open account' }).click()
    await page.getByText('Enter your first name').waitFor()
    await lookAtBothWidths('signed-out-signup-errors')
  }, 120_000)

  it('draws every signed-in section in dark with AA contrast', async () => {
    await signInDemoCustomer(session)
    const { page } = session
    for (const [address, heading] of sections) {
      await openPage(session, address, heading)
      // The sections' data (lists, figures) in place, not their skeletons.
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
      await lookAtBothWidths(shotName(address))
    }
  }, 240_000)

  it('draws a receipt, the send form refused, a toast, the skeleton and the menus in dark with AA contrast', async () => {
    await signInDemoCustomer(session)
    const { page, portal } = session
    const [row] = await portal.db
      .select({ ref: transactions.ref2 })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(
        and(
          eq(users.email, demoCustomer?.email ?? ''),
          eq(transactions.name, 'Transfer to ACME Supplies Ltd'),
        ),
      )
    await openPage(session, `/dashboard/receipt/${row?.ref}`, 'Receipt')
    await page.getByRole('article', { name: 'Transfer receipt' }).waitFor()
    await lookAtBothWidths('receipt')

    await openPage(session, '/dashboard/send', 'Bank Transfer')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page
      .getByText(/required/i)
      .first()
      .waitFor()
    await lookAtBothWidths('send-refused')

    await session.context.grantPermissions(['clipboard-write'])
    await openPage(session, '/dashboard/add-funds/it', 'Institutional Transfer')
    await page
      .getByRole('button', { name: /^Copy / })
      .first()
      .click()
    await page.getByText('Copied to clipboard', { exact: true }).waitFor()
    await lookAtBothWidths('toast')

    // The dashboard's skeleton, its calls held until it has been looked at.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await session.context.route('**/api/**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${portal.url}/dashboard`)
    await page.locator('[aria-busy="true"]').waitFor()
    await lookAtBothWidths('skeleton')
    release()
    await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
    await session.context.unrouteAll()

    await page.getByRole('button', { name: 'Profile menu for Dana Morgan' }).click()
    await page.getByRole('dialog').waitFor()
    await lookAtBothWidths('profile-menu')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // The menu drawer is the phone's (a desktop has the sidebar).
    await page.setViewportSize(widths.phone)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    expect(await background(page)).toBe(night)
    await expectAccessible(page)
    await shooter(session, widths.phone.width)('menu-drawer')
  }, 120_000)
})
