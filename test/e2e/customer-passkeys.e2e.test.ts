import { describe, expect, it } from 'vitest'
import { useChromiumSession } from './support/chromium-session'
import { addVirtualPasskeyDevice, onLocalhost } from './support/console'
import { logOutFromProfileMenu, signInThroughLogin } from './support/customer-sign-in'
import { screenshots } from './support/screenshots'
import { demoCustomer, widths } from './support/signed-in'

const shots = screenshots('customer-passkeys')

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
 * Passkeys in Chromium with its virtual authenticator (docs/decisions/081): added in Settings
 * after the passcode, used on login's step 2, and approving a large transfer. Passkeys need a
 * host name: the portal runs with PUBLIC_URL on localhost, and the browser goes there. This
 * Chromium is as it ships on Linux, without Secure Payment Confirmation (082): the passkey is
 * not made for payments and the transfer is approved with it alone (navigator.credentials.get);
 * customer-payment-confirmation.e2e.test.ts has the payment dialog.
 */
describe('a customer’s passkey: add it, sign in with it, approve a large transfer', () => {
  const session = useChromiumSession(widths.desktop, onLocalhost, { fullBrowser: true })
  const url = () => `${new URL(session.portal.publicUrl).origin}/wp-user`
  const both = async (name: string) => {
    for (const viewport of [widths.phone, widths.desktop]) {
      await session.page.setViewportSize(viewport)
      // A whole-page shot from the top: the fixed header then shows where it belongs.
      await session.page.evaluate(() => window.scrollTo(0, 0))
      await shots(session, viewport.width)(name)
    }
  }

  it('adds a passkey, signs in with it and approves a transfer with it', async () => {
    const { page } = session
    await addVirtualPasskeyDevice(session)
    await signInThroughLogin(page, url(), { remember: false })

    // Settings: the name and the passcode again, then the device's passkey.
    await page.goto(`${url()}/dashboard/settings`)
    const card = page.getByRole('region', { name: 'Passkeys' })
    await card.getByText('You have no passkey yet.').waitFor()
    await card.getByRole('button', { name: 'Add a passkey' }).click()
    await card.getByLabel('Name of the passkey').fill('Test laptop')
    await card.getByLabel('Your passcode').fill(demoCustomer?.secret ?? '')
    await both('settings-add-passkey')
    await card.getByRole('button', { name: 'Continue' }).click()
    await card.getByText('Your passkey is added.').waitFor()
    await card.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop').waitFor()
    // No payment dialog in this browser: a passkey for signing in and approving only.
    expect(
      await page.evaluate(() =>
        new PaymentRequest(
          [
            {
              supportedMethods: 'secure-payment-confirmation',
              data: {
                credentialIds: [new Uint8Array(16)],
                challenge: new Uint8Array(16),
                rpId: window.location.hostname,
                payeeName: '-',
                instrument: {
                  displayName: '-',
                  icon: `${window.location.origin}/wp-user/favicon.svg`,
                },
              },
            },
          ],
          { total: { label: 'Transfer', amount: { currency: 'USD', value: '0.00' } } },
        ).canMakePayment(),
      ),
    ).toBe(false)
    expect(await card.getByText('Approves payments in your browser’s own dialog').count()).toBe(0)
    await both('settings-passkeys')
    await page.setViewportSize(widths.desktop)

    // Login's step 2: "Use your passkey" instead of the passcode.
    await logOutFromProfileMenu(page)
    await page.getByLabel('E-mail address').fill(demoCustomer?.email ?? '')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Use your passkey' }).waitFor()
    await both('login-use-your-passkey')
    await page.setViewportSize(widths.desktop)
    await page.getByRole('button', { name: 'Use your passkey' }).click()
    await page.getByRole('button', { name: 'Continue to your dashboard' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()

    // A transfer above the step-up limit: approved with the passkey, no e-mailed code.
    await page.goto(`${url()}/dashboard/send`)
    await page.getByRole('heading', { name: 'Transfer details' }).waitFor()
    for (const [label, value] of Object.entries(largeTransfer))
      await page.getByLabel(label, { exact: true }).fill(value)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Confirmed' }).click()
    await page.getByLabel('PIN', { exact: true }).fill(demoCustomer?.pin ?? '')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('heading', { name: 'Approve with your passkey' }).waitFor()
    expect(await page.getByText('approve this transfer with your passkey').count()).toBe(1)
    expect(await page.getByText('Your browser shows the amount and the payee').count()).toBe(0)
    await both('send-approve-with-passkey')
    await page.setViewportSize(widths.desktop)
    await page.getByRole('button', { name: 'Approve with your passkey' }).click()
    await page.getByRole('heading', { name: 'Transfer Submitted' }).waitFor()
  })
})
