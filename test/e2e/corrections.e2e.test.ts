import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney, wireToMinor } from '#api/money'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { demoCustomer, expectAccessible, signInDemoCustomer, widths } from './support/signed-in'
import {
  approveFirstItem,
  type ConsoleTeam,
  consoleUrl,
  demoDeposit,
  enrolTeam,
  openConsoleAs,
  openDemoDepositCase,
  signInConsole,
} from './support/staff-console'

/**
 * Corrections (issue 18, docs/decisions/079): a payments person proposes a credit on a
 * customer's page, a second approves it in another browser, and only then the customer's
 * dashboard and statement show the Correction line and the new balance. Then a freeze, its
 * unfreeze waiting for a second person, and a deposit confirmed with the amount received.
 */

const shooter = screenshots('corrections')
const reason = 'Service charge taken twice'

describe('corrections in the console', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  let team: ConsoleTeam

  beforeAll(async () => {
    team = await enrolTeam(session.portal)
  })

  /** The customer's balance as the dashboard's call answers it. */
  async function balance(token: string) {
    const answer = await session.portal.call('', { action: 'getperc', token })
    return wireToMinor((answer.tb as { current_balance: string }).current_balance)
  }

  /** Opens the customer found by `email` as the signed-in person. */
  async function openCustomer(email: string, name: RegExp) {
    const { page } = session
    await page.goto(consoleUrl(session, `/customers?q=${encodeURIComponent(email)}`))
    await page.getByRole('link', { name }).first().click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
  }

  it('a credit proposed by one payments person reaches the customer only once a second approves it', async () => {
    if (!demoCustomer) throw new Error('no demo customer')
    const token = (
      await session.portal.call('?crud=userlogin', {
        email: demoCustomer.email,
        password: demoCustomer.secret,
      })
    ).jwt as string
    const before = await balance(token)

    // The maker: Cara Diaz, on the customer's page.
    await signInConsole(session, team.payments)
    const { page } = session
    await openCustomer(demoCustomer.email, /Dana Morgan/)
    const form = page.getByRole('form', { name: 'Propose a correction' })
    await form.getByLabel('Credit or debit').selectOption('credit')
    await form.getByLabel(/^Amount/).fill('25.50')
    await form.getByLabel('Reference').fill('CASE-7')
    await form.getByLabel('Reason the customer reads').fill(reason)
    await form.getByLabel('Why (for the second person)').fill('Seen twice in the ledger.')
    await expectAccessible(page)
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await shooter(session, width)('customer-correction-form')
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await form.getByRole('button', { name: 'Propose the correction' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Propose a credit of $25.50 to Dana Morgan?').waitFor()
    await shooter(session, 1440, { fullPage: false })('correction-dialog')
    await dialog.getByRole('button', { name: 'Propose' }).click()
    await page
      .getByText(/^Sent for approval/)
      .first()
      .waitFor()
    await page.getByRole('cell', { name: 'Waiting for a second person' }).waitFor()
    await page.getByRole('cell', { name: 'Credit of $25.50' }).waitFor()
    await expectAccessible(page)
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await shooter(session, width)('customer-correction-waiting')
    }
    expect(await balance(token)).toBe(before)

    // The checker: Dev Shah, in another browser, reads it field by field and approves it.
    const checker = await openConsoleAs(session, team.payments2, { width: 1440, height: 900 })
    await checker.page.goto(consoleUrl(session, '/approvals'))
    await checker.page
      .getByRole('cell', { name: 'Post a correction of $25.50', exact: true })
      .waitFor()
    await checker.page.getByText('3 fields').click()
    await checker.page.getByRole('cell', { name: reason, exact: true }).waitFor()
    await expectAccessible(checker.page)
    await checker.page.screenshot({ path: '/tmp/shots-corrections/inbox-correction-1440.png' })
    await checker.page.setViewportSize({ width: 1024, height: 900 })
    await checker.page.screenshot({ path: '/tmp/shots-corrections/inbox-correction-1024.png' })
    await approveFirstItem(checker.page)
    await checker.close()

    const after = await balance(token)
    expect(after - before).toBe(2_550)

    // The customer: the dashboard, the statement and the receipt say Correction, with the reason.
    await signInDemoCustomer(session)
    await page.goto(`${session.portal.url}/dashboard`)
    await page.getByText(`Correction: ${reason}`).first().waitFor()
    await page.getByText(formatMoney(after)).first().waitFor()
    for (const [device, viewport] of Object.entries(widths)) {
      await page.setViewportSize(viewport)
      await page.goto(`${session.portal.url}/dashboard/statements`)
      await page.getByRole('heading', { level: 1, name: 'Statements & Report' }).waitFor()
      await page.getByText(`Correction: ${reason}`).first().waitFor()
      await expectAccessible(page)
      await shooter(session, device, { fullPage: false })('statement-correction')
    }
    await page.getByText(`Correction: ${reason}`).first().click()
    await page.getByRole('heading', { name: 'Correction receipt' }).waitFor()
    await page.getByText('Correction (credit)').waitFor()
    await expectAccessible(page)
    await shooter(session, 'desktop', { fullPage: false })('receipt-correction')
  })

  it('a freeze holds at once; lifting it waits for a second person', async () => {
    await signInConsole(session, team.support)
    const { page } = session
    await openCustomer('pending@meridian.example', /Priya Shah/)
    const freeze = page.getByRole('form', { name: 'Freeze the account' })
    await freeze.getByLabel('Why (for the staff)').fill('Card reported stolen.')
    await freeze.getByRole('button', { name: 'Freeze the account' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze' }).click()
    await page
      .getByText(/account is frozen: their sessions are ended/)
      .first()
      .waitFor()
    await page.getByText('Card reported stolen.', { exact: false }).first().waitFor()
    const lift = page.getByRole('form', { name: 'Lift the freeze' })
    await lift.getByLabel('Why it can be lifted').fill('The customer called from their number.')
    await lift.getByRole('button', { name: 'Propose to lift the freeze' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Propose' }).click()
    await page.getByText(/^Lifting the freeze waits for a second person/).waitFor()
    await expectAccessible(page)
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await shooter(session, width)('customer-frozen')
    }
    // Still frozen: signing in gives only the notice.
    const login = await session.portal.call('?crud=userlogin', {
      email: 'pending@meridian.example',
      password: '123456',
    })
    expect(login).toMatchObject({ ismsg: true })
  })

  it('a deposit is confirmed with the amount the bank received', async () => {
    await demoDeposit(session.portal, '500.00')
    await signInConsole(session, team.payments)
    const { page } = session
    await page.goto(consoleUrl(session, '/requests?kind=deposit'))
    await openDemoDepositCase(page)
    const form = page.getByRole('form', { name: 'Confirm another amount' })
    await form.getByLabel('Amount received').fill('480.00')
    await form.getByLabel('Reason the customer reads').fill('The exchange kept a fee')
    await expectAccessible(page)
    await shooter(session, 1440)('request-amount-received')
    await form.getByRole('button', { name: 'Confirm the amount received' }).click()
    await page.getByRole('dialog').getByText('Confirm $480.00 instead of $500.00?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await page
      .getByText(/with the amount received, \$480\.00 \(The exchange kept a fee\)/)
      .waitFor()
    await page.setViewportSize({ width: 1024, height: 900 })
    await shooter(session, 1024)('request-confirmed-received')
  })
})
