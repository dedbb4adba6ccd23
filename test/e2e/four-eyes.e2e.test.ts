import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney, wireToMinor } from '#api/money'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, signInDemoCustomer } from './support/signed-in'
import {
  type ConsoleTeam,
  consoleUrl,
  demoDeposit,
  enrolTeam,
  signInConsole,
} from './support/staff-console'

/**
 * Four eyes on money (issue 18): a deposit above its threshold confirmed by one person waits
 * for a second, in another browser, and only then reaches the customer's balance.
 */

const shooter = screenshots('four-eyes')

describe('a deposit above the four-eyes threshold', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  const shoot = (name: string) => shooter(session, 1440)(name)
  let team: ConsoleTeam

  beforeAll(async () => {
    team = await enrolTeam(session.portal)
  })

  it('needs two people, and only then shows on the customer’s dashboard', async () => {
    const token = await demoDeposit(session.portal, '12000.00')
    const balance = async () => {
      const answer = await session.portal.call('', { action: 'getperc', token })
      return wireToMinor((answer.tb as { current_balance: string }).current_balance)
    }
    const before = await balance()

    // The maker: Cara Diaz confirms it; it is sent for approval and nothing moves.
    await signInConsole(session, team.payments)
    const { page } = session
    await page.goto(consoleUrl(session, '/requests?kind=deposit'))
    await page
      .getByRole('link', { name: /Dana Morgan/ })
      .first()
      .click()
    await page
      .getByRole('heading', { level: 1, name: /Deposit request \d+ of Dana Morgan/ })
      .waitFor()
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await page
      .getByText(/approval/i)
      .first()
      .waitFor()
    expect(await balance()).toBe(before)
    // Her own approval is not hers to give.
    await page.goto(consoleUrl(session, '/approvals'))
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor()
    await page.getByText('Waiting for someone other than the maker').waitFor()
    await expect(page.getByRole('button', { name: /^Approve:/ }).count()).resolves.toBe(0)
    await shoot('inbox-maker')

    // The checker: Dev Shah, in another browser, approves it.
    const checker = await session.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const [name = '', value = ''] = team.payments2.cookie.split('=')
    await checker.addCookies([
      { name, value, url: `${new URL(session.portal.publicUrl).origin}/wp-admin/` },
    ])
    const checkerPage = await checker.newPage()
    await checkerPage.goto(consoleUrl(session, '/approvals'))
    await checkerPage.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor()
    await expectAccessible(checkerPage)
    await checkerPage.screenshot({ path: '/tmp/shots-four-eyes/inbox-checker-1440.png' })
    await checkerPage
      .getByRole('button', { name: /^Approve:/ })
      .first()
      .click()
    await checkerPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
    await checkerPage.getByRole('button', { name: /^Approve:/ }).waitFor({ state: 'detached' })
    await checker.close()

    const after = await balance()
    expect(after - before).toBe(1_200_000)
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard`)
    await page.getByText(formatMoney(after)).first().waitFor()
  })
})
