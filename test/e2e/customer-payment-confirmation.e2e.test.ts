import type { CDPSession } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useChromiumSession } from './support/chromium-session'
import { addVirtualPasskeyDevice, onLocalhost } from './support/console'
import { signInThroughLogin } from './support/customer-sign-in'
import { screenshots } from './support/screenshots'
import { demoCustomer, expectAccessible, widths } from './support/signed-in'

const shots = screenshots('customer-payment-confirmation')

/** A payee the demo customer never paid, above the plan's $1,000 step-up limit. */
const largeTransfer = {
  'Bank *': 'Harbor Savings Bank',
  'Swift Code *': 'hbsvgb2l',
  'Routing Number *': '021000021',
  'Country *': 'United Kingdom',
  'Account Number *': 'GB29 NWBK 6016 1331 9268 19',
  'Account Holder Name *': 'Ada Lovelace',
  'Amount *': '1500',
  'Note *': 'Piano',
}

/**
 * Secure Payment Confirmation in Chromium (docs/decisions/082). Chromium's Linux builds keep
 * the browser's side of it off (`PaymentRequest.canMakePayment()` answers false for the
 * `secure-payment-confirmation` method), so this journey's Chromium is started with that feature
 * on; the dialog itself is answered through DevTools' `Page.setSPCTransactionMode`, as
 * Chromium's own tests do, with the virtual authenticator holding the passkey. The journey in
 * customer-passkeys.e2e.test.ts runs the same steps in Chromium as it ships here: no dialog,
 * the passkey alone.
 */
describe('approving a large transfer in the browser’s payment dialog', () => {
  const session = useChromiumSession(widths.desktop, onLocalhost, {
    chromiumArgs: ['--enable-features=SecurePaymentConfirmationBrowser'],
    fullBrowser: true,
  })
  const url = () => `${new URL(session.portal.publicUrl).origin}/wp-user`
  const both = async (name: string) => {
    for (const viewport of [widths.phone, widths.desktop]) {
      await session.page.setViewportSize(viewport)
      await session.page.evaluate(() => window.scrollTo(0, 0))
      await shots(session, viewport.width)(name)
    }
    await session.page.setViewportSize(widths.desktop)
  }
  const dialogAnswers = (cdp: CDPSession, mode: 'autoAccept' | 'autoReject') =>
    cdp.send('Page.setSPCTransactionMode', { mode })

  it('adds a payment passkey, closes the dialog once, then approves in it', async () => {
    const { page } = session
    const cdp = await addVirtualPasskeyDevice(session)
    await signInThroughLogin(page, url(), { remember: false })

    // Settings: this browser offers the payment dialog, so the passkey is made for payments.
    await page.goto(`${url()}/dashboard/settings`)
    const card = page.getByRole('region', { name: 'Passkeys' })
    await card.getByRole('button', { name: 'Add a passkey' }).click()
    await card.getByLabel('Name of the passkey').fill('Test laptop')
    await card.getByLabel('Your passcode').fill(demoCustomer?.secret ?? '')
    await card.getByRole('button', { name: 'Continue' }).click()
    await card.getByText('Your passkey is added.').waitFor()
    await card.getByText('Approves payments in your browser’s own dialog').waitFor()

    await page.goto(`${url()}/dashboard/send`)
    await page.getByRole('heading', { name: 'Transfer details' }).waitFor()
    for (const [label, value] of Object.entries(largeTransfer))
      await page.getByLabel(label, { exact: true }).fill(value)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Confirmed' }).click()
    await page.getByLabel('PIN', { exact: true }).fill(demoCustomer?.pin ?? '')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('heading', { name: 'Approve with your passkey' }).waitFor()
    await page.getByText('Your browser shows the amount and the payee').waitFor()
    await expectAccessible(page)
    await both('send-approve-in-payment-dialog')

    // The customer closes the dialog: nothing approved, the same step, and a way on.
    await dialogAnswers(cdp, 'autoReject')
    await page.getByRole('button', { name: 'Approve with your passkey' }).click()
    await page.getByText('You closed the confirmation, so nothing was approved.').waitFor()
    expect(await page.getByRole('heading', { name: 'Approve with your passkey' }).count()).toBe(1)
    await expectAccessible(page)
    await both('send-payment-dialog-closed')

    // Again, confirmed in the dialog: the server checks what it showed, and the transfer goes.
    await dialogAnswers(cdp, 'autoAccept')
    await page.getByRole('button', { name: 'Approve with your passkey' }).click()
    await page.getByRole('heading', { name: 'Transfer Submitted' }).waitFor()
    expect(await page.getByText('Ada Lovelace').count()).toBeGreaterThan(0)
  })
})
