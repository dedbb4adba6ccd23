import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney, wireToMinor } from '#api/money'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, signInDemoCustomer } from './support/signed-in'
import {
  type ConsoleTeam,
  consoleUrl,
  customerAwaitingKyc,
  demoDeposit,
  enrolConsolePerson,
  enrolTeam,
  openConsoleAs,
  openDemoDepositCase,
  signInConsole,
} from './support/staff-console'

/**
 * The console's queues end to end (issue 17): a decision in the browser changes what the
 * customer gets, a role that may not decide is kept out, and the second of two people
 * deciding one item is told who decided it first.
 */

const shooter = screenshots('staff-queues')

describe('the console’s queues', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  const shoot = (name: string) => shooter(session, 1440)(name)
  let team: ConsoleTeam

  beforeAll(async () => {
    team = await enrolTeam(session.portal)
  })

  it('a KYC case approved in the console lets the customer in', async () => {
    const customer = await customerAwaitingKyc(session.portal)
    const before = await session.portal.call('?crud=userlogin', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(before.verification_status).not.toBe('Verified')

    await signInConsole(session, team.kyc)
    const { page } = session
    await page.goto(consoleUrl(session, '/kyc'))
    await page.getByRole('heading', { level: 1, name: 'KYC submissions' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('link', { name: new RegExp(customer.email) }).click()
    await page
      .getByRole('heading', { level: 1, name: `KYC submission of ${customer.name}` })
      .waitFor()
    await page.getByRole('img', { name: "The document's front" }).waitFor()
    await expectAccessible(page)
    await shoot('kyc-case')
    // What the reviewer checks the document against (decision 099), at a phone's and a laptop's width.
    const fact = (label: string) =>
      page
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd')
    expect(await fact('Date of birth').textContent()).toMatch(/^12\/04\/1988 \(age \d{2}\)$/)
    expect(await fact('Document number').textContent()).toBe('JO12345678')
    expect(await fact('Issuing country').textContent()).toBe('Jordan (JO)')
    expect(await fact('Expiry date').textContent()).toBe('30/06/2031 (valid today)')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await shooter(session, width)('kyc-case')
    }
    await page.setViewportSize({ width: 1440, height: 900 })

    await page.getByRole('button', { name: 'Approve', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('The customer is verified').waitFor()
    await shoot('kyc-approve-dialog')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await page.getByText(/Approved by Ana Ruiz/).waitFor()

    const after = await session.portal.call('?crud=userlogin', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(after).toMatchObject({ error: false, verification_status: 'Verified' })
    expect(after.jwt).toEqual(expect.any(String))
  })

  it('a deposit confirmed in the console shows on the customer’s dashboard', async () => {
    const token = await demoDeposit(session.portal, '25.00')
    const balance = async () => {
      const answer = await session.portal.call('', { action: 'getperc', token })
      return (answer.tb as { current_balance: string }).current_balance
    }
    const before = await balance()

    await signInConsole(session, team.payments)
    const { page } = session
    await page.goto(consoleUrl(session, '/requests?kind=deposit'))
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor()
    await shoot('requests')
    await openDemoDepositCase(page)
    await expectAccessible(page)
    await shoot('request-case')
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await page.getByText(/Confirmed by Cara Diaz/).waitFor()

    const after = await balance()
    expect(wireToMinor(after) - wireToMinor(before)).toBe(2500)
    // The customer's own dashboard shows the new balance.
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard`)
    await page
      .getByText(formatMoney(wireToMinor(after)))
      .first()
      .waitFor()
  })

  it('a support person cannot confirm a deposit', async () => {
    await demoDeposit(session.portal, '10.00')
    await signInConsole(session, team.support)
    const { page } = session
    await page.goto(consoleUrl(session, '/requests'))
    // The address does not exist for them: home, with no Requests in the nav.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Eva Lind' }).waitFor()
    await expect(page.getByRole('link', { name: 'Requests' }).count()).resolves.toBe(0)
    // And the server refuses the call itself.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/wp-admin/api', {
        method: 'POST',
        body: new URLSearchParams({ action: 'requestdecide', id: '1', decision: 'confirm' }),
      })
      return response.status
    })
    expect(refused).toBe(403)
  })

  it('of two people settling one transfer, the second is told who did it first', async () => {
    await signInConsole(session, team.payments)
    const { page } = session
    await page.goto(consoleUrl(session, '/transfers'))
    await page.getByRole('heading', { level: 1, name: 'Transfers' }).waitFor()
    const settle = page.getByRole('button', { name: /^Settle: transfer (\d+)/ }).first()
    const label = (await settle.getAttribute('aria-label')) ?? ''
    const id = /transfer (\d+)/.exec(label)?.[1] ?? ''
    await expectAccessible(page)
    await shoot('transfers')

    // Dev Shah settles it from another browser while Cara Diaz looks at the list.
    const other = await openConsoleAs(session, team.payments2)
    await other.page.goto(consoleUrl(session, '/transfers'))
    const status = await other.page.evaluate(async (transfer) => {
      const response = await fetch('/wp-admin/api', {
        method: 'POST',
        body: new URLSearchParams({ action: 'transferdecide', id: transfer, decision: 'settle' }),
      })
      return (await response.json()) as { status: boolean }
    }, id)
    expect(status.status).toBe(true)
    await other.close()

    await settle.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Settle' }).click()
    await page.getByText(/Dev Shah settled/).waitFor()
    await shoot('transfer-taken')
  })

  it('every queue screen passes axe, and is looked at at 1440 and 1024 px', async () => {
    const everyone = await enrolConsolePerson(
      session.portal,
      { email: 'all@staff.test', name: 'Omar Wide', roles: ['support', 'kyc', 'payments'] },
      team.admin.actor,
    )
    await signInConsole(session, everyone)
    const { page } = session
    const screens: Array<[string, string | RegExp]> = [
      ['/', 'Welcome, Omar Wide'],
      ['/kyc', 'KYC submissions'],
      ['/kyc/requests', 'KYC requests from the dashboard'],
      ['/requests?status=confirmed', 'Requests'],
      ['/transfers?status=successful', 'Transfers'],
      ['/approvals', 'Approvals'],
      ['/customers?q=dana', 'Customers'],
      ['/mail', 'Mail'],
    ]
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [address, heading] of screens) {
        await page.goto(consoleUrl(session, address))
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
        // axe's rules do not change with the width; once is enough.
        if (width === 1440) await expectAccessible(page)
        await shooter(
          session,
          width,
        )(address.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home')
      }
      await page.goto(consoleUrl(session, '/customers?q=dana'))
      await page.getByRole('link', { name: 'Dana Morgan' }).click()
      await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
      await page.getByRole('heading', { name: 'Ledger history' }).waitFor()
      if (width === 1440) await expectAccessible(page)
      await shooter(session, width)('customer-page')
    }
  }, 180_000)
})
