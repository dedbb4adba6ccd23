import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { settingsAreaNames, settingsAreas } from '#api/contract/staff/settings-areas'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { demoCustomer, expectAccessible, signInDemoCustomer } from './support/signed-in'
import {
  approveFirstItem,
  type ConsolePerson,
  consoleUrl,
  enrolConsolePerson,
  openConsoleAs,
  signInConsole,
} from './support/staff-console'

/**
 * The settings editor under four eyes (issue 18, docs/decisions/078): a configuration person
 * changes the Bitcoin deposit address in the console, a second one approves it in another
 * browser, and only then does the customer's deposit form show the new address.
 */

const shooter = screenshots('settings')
const newAddress = 'tb1qq0newdepositaddressfromtheconsole0000000'

describe('the settings editor', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  let maker: ConsolePerson
  let checker: ConsolePerson
  let auditor: ConsolePerson

  beforeAll(async () => {
    const admin = await enrolConsolePerson(session.portal, {
      email: 'lead@staff.test',
      name: 'Lena Admin',
      roles: ['admin'],
    })
    const person = (email: string, name: string) =>
      enrolConsolePerson(session.portal, { email, name, roles: ['configuration'] }, admin.actor)
    maker = await person('config@staff.test', 'Gia Moss')
    checker = await person('config2@staff.test', 'Hal Ortiz')
    auditor = await enrolConsolePerson(
      session.portal,
      { email: 'audit@staff.test', name: 'Finn Holt', roles: ['auditor'] },
      admin.actor,
    )
  })

  /** The address the customer's deposit form gives for Bitcoin, as its call answers. */
  async function depositAddress() {
    const login = await session.portal.call('?crud=userlogin', {
      email: demoCustomer?.email ?? '',
      password: demoCustomer?.secret ?? '',
    })
    const form = await session.portal.call('', { action: 'getcdform', token: login.jwt as string })
    return (form.addresses as { type: string; address: string }[]).find(
      (row) => row.type === 'Bitcoin (BTC)',
    )?.address
  }

  /** The page at 1440 and 1024 px, for a person to look at. */
  async function shootBoth(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0))
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/shots-settings/${name}-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1440, height: 900 })
  }

  it('a deposit address changed by one person and approved by a second reaches the deposit form', async () => {
    const oldAddress = await depositAddress()

    // The maker: Gia Moss opens Settings, then the coins, and proposes the new address.
    await signInConsole(session, maker)
    const { page } = session
    await page.goto(consoleUrl(session, '/settings'))
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expectAccessible(page)
    await shootBoth(page, 'settings')
    await page.getByRole('link', { name: 'Coins and deposit addresses' }).click()
    await page.getByRole('heading', { level: 1, name: 'Coins and deposit addresses' }).waitFor()
    const bitcoin = page.getByRole('group', { name: 'Bitcoin (BTC)' })

    // A bad explorer is refused in the form, in the server's words, and nothing is sent.
    await bitcoin.getByLabel('Explorer').fill('http://mempool.space/tx/{hash}')
    await page.getByRole('button', { name: 'Propose the change' }).click()
    await page
      .getByRole('alert')
      .getByText(
        'Coin Bitcoin (BTC): the explorer must be an https address with {hash} where the hash goes',
        { exact: false },
      )
      .waitFor()
    await expectAccessible(page)
    await bitcoin.getByLabel('Explorer').fill('https://mempool.space/testnet4/tx/{hash}')

    await bitcoin.getByLabel('Deposit address').fill(newAddress)
    await page.getByLabel('Why (for the second person)').fill('The old wallet is retired.')
    await page.getByRole('button', { name: 'Propose the change' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('cell', { name: `Address: ${newAddress}` }).waitFor()
    await expectAccessible(page)
    await shooter(session, 1440, { fullPage: false })('coins-dialog')
    await dialog.getByRole('button', { name: 'Propose' }).click()
    await page
      .getByText(/^Sent for approval/)
      .first()
      .waitFor()
    await page.getByRole('cell', { name: 'Waiting for a second person' }).waitFor()
    await page.getByRole('table', { name: /^Proposed change against the version in use/ }).waitFor()
    await expectAccessible(page)
    await shootBoth(page, 'coins-proposed')
    expect(await depositAddress()).toBe(oldAddress)

    // The checker: Hal Ortiz, in another browser, sees the change field by field and approves it.
    const other = await openConsoleAs(session, checker, { width: 1440, height: 900 })
    await other.page.goto(consoleUrl(session, '/approvals'))
    await other.page.getByText('Coins and deposit addresses, changed from version 1').waitFor()
    await other.page.getByText('1 change', { exact: true }).click()
    await other.page.getByRole('cell', { name: `Address: ${newAddress}` }).waitFor()
    await expectAccessible(other.page)
    await shootBoth(other.page, 'inbox-settings')
    await approveFirstItem(other.page)
    await other.close()
    expect(await depositAddress()).toBe(newAddress)

    // The history: version 2 in use, approved by Hal Ortiz; version 1 against it.
    await page.reload()
    await page.getByRole('cell', { name: /^Hal Ortiz, / }).waitFor()
    await page.getByRole('button', { name: 'Compare version 1 with the version in use' }).click()
    const diff = page.getByRole('table', { name: 'Version 1 against the version in use (2)' })
    await diff.getByRole('cell', { name: `Address: ${newAddress}` }).waitFor()
    await expectAccessible(page)
    await shootBoth(page, 'coins-history')

    // The customer's deposit form shows the new address.
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard/add-funds/crypto`)
    await page.getByText(newAddress).first().waitFor()
    await shooter(session, 1440)('deposit-form')
  }, 180_000)

  it('every area passes axe and is looked at at 1440 and 1024 px; the auditor reads, without a form', async () => {
    await signInConsole(session, maker)
    const { page } = session
    for (const area of settingsAreaNames) {
      await page.goto(consoleUrl(session, `/settings/${area}`))
      await page.getByRole('heading', { level: 1, name: settingsAreas[area].label }).waitFor()
      await page.getByRole('button', { name: 'Propose the change' }).waitFor()
      await expectAccessible(page)
      await shootBoth(page, `area-${area}`)
    }
    await signInConsole(session, auditor)
    await page.goto(consoleUrl(session, '/settings/four-eyes'))
    await page.getByRole('heading', { level: 2, name: /^In use: version \d+$/ }).waitFor()
    await page.getByRole('rowheader', { name: 'Confirming a deposit' }).waitFor()
    expect(await page.getByRole('button', { name: 'Propose the change' }).count()).toBe(0)
    await expectAccessible(page)
    await shootBoth(page, 'auditor-four-eyes')
  }, 180_000)
})
