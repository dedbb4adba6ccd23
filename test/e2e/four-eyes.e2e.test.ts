import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney, wireToMinor } from '#api/money'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, signInDemoCustomer } from './support/signed-in'
import {
  approveFirstItem,
  type ConsoleTeam,
  consoleUrl,
  demoDeposit,
  enrolConsolePerson,
  enrolTeam,
  openConsoleAs,
  openDemoDepositCase,
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
    await openDemoDepositCase(page)
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
    const checker = await openConsoleAs(session, team.payments2, { width: 1440, height: 900 })
    await checker.page.goto(consoleUrl(session, '/approvals'))
    await checker.page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor()
    await expectAccessible(checker.page)
    await checker.page.screenshot({ path: '/tmp/shots-four-eyes/inbox-checker-1440.png' })
    await approveFirstItem(checker.page)
    await checker.close()

    const after = await balance()
    expect(after - before).toBe(1_200_000)
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard`)
    await page.getByText(formatMoney(after)).first().waitFor()
  })

  it('a broadcast proposed by one support person reaches customers only once a second approves it', async () => {
    const support2 = await enrolConsolePerson(
      session.portal,
      { email: 'support2@staff.test', name: 'Gus Park', roles: ['support'] },
      team.admin.actor,
    )
    const title = 'New branch hours'

    // The maker: Eva Lind proposes it to every customer.
    await signInConsole(session, team.support)
    const { page } = session
    await page.goto(consoleUrl(session, '/broadcasts'))
    await page.getByRole('heading', { level: 1, name: 'Broadcasts' }).waitFor()
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Text').fill('From Monday we open at 8:00.')
    await page.getByLabel('Why (for the second person)').fill('Agreed with the branches.')
    await page.getByRole('button', { name: 'Propose the broadcast' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Propose' }).click()
    await page
      .getByText(/^Sent for approval/)
      .first()
      .waitFor()
    await page.getByRole('cell', { name: 'Waiting for a second person' }).waitFor()
    await expectAccessible(page)
    await shoot('broadcasts')

    // The checker: Gus Park, in another browser, opens the change and approves it.
    const checker = await openConsoleAs(session, support2, { width: 1440, height: 900 })
    await checker.page.goto(consoleUrl(session, '/approvals'))
    await checker.page.getByText(`"${title}" to every customer`).waitFor()
    await checker.page.getByText('3 fields').click()
    await checker.page.getByRole('cell', { name: 'From Monday we open at 8:00.' }).waitFor()
    await checker.page.screenshot({ path: '/tmp/shots-four-eyes/inbox-broadcast-1440.png' })
    await approveFirstItem(checker.page)
    await checker.close()

    // The maker's page follows the job writing it in the background until it is sent.
    await page.goto(consoleUrl(session, '/broadcasts'))
    await page.getByRole('cell', { name: /^Sent to [\d,]+ customers$/ }).waitFor()

    // The customer sees it among the notifications.
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard/notifications`)
    await page.getByText(title).first().waitFor()
  })
})
