import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { settingsAreaNames } from '#api/contract/staff/settings-areas'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { atEachWidth, widths } from './support/signed-in'
import {
  type ConsolePerson,
  consoleCall,
  consoleUrl,
  customerAwaitingKyc,
  demoDeposit,
  enrolConsolePerson,
  openDemoDepositCase,
  signInConsole,
} from './support/staff-console'

/**
 * The console's words and layout as staff meet them on a phone (390 px) and a desktop (1280 px),
 * in the light and the dark theme (issue 32, item 8): no page scrolls sideways at 390 px, and
 * every page is photographed for a person to look at (`/tmp/shots-console-layout`).
 */

const shooter = screenshots('console-layout')

/** How much wider than the window the page is (0: no horizontal scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement as HTMLElement
    return scroller.scrollWidth - scroller.clientWidth
  })

/** Every page of the console a person holding every role opens, by address and heading. */
const screens: Array<[string, string | RegExp]> = [
  ['/', 'Welcome, Ada Everyone'],
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
  ...settingsAreaNames.map((area): [string, RegExp] => [`/settings/${area}`, /./]),
  ['/staff', 'Staff'],
  ['/audit', 'Audit log'],
  ['/sessions', 'My sessions'],
]

/** Once the page's transitions (a theme's colours) have ended. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  )

const shotName = (address: string) =>
  address.replace(/\?.*$/, '').replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'

describe('the console at 390 and 1280 px, light and dark', () => {
  const session: ChromiumSession = useChromiumSession(widths.phone)
  let everyone: ConsolePerson
  let support: ConsolePerson

  beforeAll(async () => {
    const { portal } = session
    everyone = await enrolConsolePerson(portal, {
      email: 'ada.everyone-with-a-long-address@staff-of-meridian.test',
      name: 'Ada Everyone',
      roles: ['support', 'kyc', 'payments', 'configuration', 'auditor', 'admin'],
    })
    await enrolConsolePerson(
      portal,
      {
        email: 'bartholomew.fitzgerald-longname@staff-of-meridian.test',
        name: 'Bartholomew Fitzgerald',
        roles: ['kyc'],
      },
      everyone.actor,
    )
    support = await enrolConsolePerson(
      portal,
      { email: 'eva.lind@staff.test', name: 'Eva Lind', roles: ['support'] },
      everyone.actor,
    )
    await consoleCall(portal, everyone.cookie, 'staffadd', {
      email: 'new.starter@staff.test',
      name: 'New Starter',
      roles: 'payments',
    })
    await customerAwaitingKyc(portal)
    await demoDeposit(portal, '240.00')
    await demoDeposit(portal, '12000.00')
  })

  it('no page scrolls sideways at 390 px; every page photographed at both widths and themes', async () => {
    await signInConsole(session, everyone)
    const { page } = session
    const wide: string[] = []
    /** The page as it is, in each theme at each width: its width at 390 px, its screenshots. */
    const look = async (name: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await settled(page)
        await atEachWidth(page, async (device, viewport) => {
          if (device === 'phone') {
            const extra = await overflow(page)
            if (extra > 0) wide.push(`${name} (${colorScheme}): ${extra} px wider`)
          }
          await shooter(session, `${colorScheme}-${viewport.width}`)(name)
        })
      }
      await page.setViewportSize(widths.phone)
    }
    for (const [address, heading] of screens) {
      await page.goto(consoleUrl(session, address))
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
      if (address === '/figures') await page.locator('canvas').first().waitFor()
      await look(shotName(address))
    }
    // The pages opened from the lists: a KYC case, a request's case, a customer.
    await page.goto(consoleUrl(session, '/kyc'))
    await page
      .getByRole('link', { name: /Noor Haddad/ })
      .first()
      .click()
    await page.getByRole('img', { name: "The document's front" }).waitFor()
    await look('kyc-case')
    await page.goto(consoleUrl(session, '/requests'))
    await openDemoDepositCase(page)
    await look('request-case')
    await page.goto(consoleUrl(session, '/customers?q=dana'))
    await page.getByRole('link', { name: 'Dana Morgan' }).click()
    await page.getByRole('heading', { name: 'Ledger history' }).waitFor()
    await look('customer')
    expect(wide).toEqual([])
  }, 600_000)

  it('at 390 px a list is a table still, its rows cards of labelled cells', async () => {
    await signInConsole(session, everyone)
    const { page } = session
    await page.goto(consoleUrl(session, '/staff'))
    const staff = page.getByRole('table', { name: 'Members of staff' })
    await staff.waitFor()
    expect(await staff.evaluate((table) => getComputedStyle(table).display)).toBe('block')
    const row = staff.getByRole('row').filter({ hasText: 'Eva Lind' })
    expect(await row.getByRole('cell').count()).toBe(6)
    // Small buttons side by side, Disable no larger than the others.
    const sizes = await row
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height))
    expect(new Set(sizes).size).toBe(1)
    await page.goto(consoleUrl(session, '/kyc'))
    await page.getByRole('heading', { level: 1, name: 'KYC submissions' }).waitFor()
    // One page: no pager.
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0)
  })

  it('tells a person sent home for want of a role why', async () => {
    await signInConsole(session, support)
    const { page } = session
    await page.goto(consoleUrl(session, '/requests'))
    await page.getByRole('heading', { level: 1, name: 'Welcome, Eva Lind' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/wp-admin/')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The Requests page needs the Payments or Auditor role; you hold Support.')
    await shooter(session, 390)('refused-requests')
    // The notice is for the arrival: the next page does not repeat it.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Customers' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
