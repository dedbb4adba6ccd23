import { describe, expect, it } from 'vitest'
import { parseWireAmount } from '#api/money'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { pngFile } from './support/png-file'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  expectAccessible,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/** Screenshots of each form at both widths. */
const shooter = screenshots('proof-of-payment')

const pngProof = pngFile('proof.png')

const forms = [
  { name: 'deposit', path: '/dashboard/add-funds/crypto', heading: 'Crypto Deposit' },
  { name: 'payment', path: '/dashboard/make-payment/crypto', heading: 'Pay with crypto' },
  {
    name: 'fixed-deposit',
    path: '/dashboard/fixed-deposit/crypto',
    heading: 'Fixed deposit with crypto',
  },
  { name: 'upgrade', path: '/dashboard/upgrade', heading: 'Upgrade Account' },
]

for (const [device, viewport] of Object.entries(widths)) {
  const phone = device === 'phone'

  describe(`proof-of-payment forms in Chromium at ${viewport.width} px`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)
    const shoot = shooter(session, viewport.width)

    const open = (path: string, heading: string) => openPage(session, path, heading)

    /** The dashboard's available balance, in cents. */
    async function balance(): Promise<number> {
      await open('/dashboard', 'Dana Morgan')
      const text = await session.page.getByRole('region', { name: 'Account overview' }).innerText()
      const shown = /Available balance\s*\$([\d,]+\.\d{2})/.exec(text)?.[1] ?? ''
      const cents = parseWireAmount(shown.replaceAll(',', ''))
      expect(cents, text).not.toBeNull()
      return cents ?? 0
    }

    /** The id of the customer's pending request of `kind` for `amount`, as an operator finds it. */
    async function pendingRequestId(kind: string, amount: string): Promise<string> {
      const list = await session.portal.runOps('requests list', [])
      const row = list
        .split('\n')
        .map((line) => line.split('\t'))
        .find(
          (cells) =>
            cells[1] === kind && cells[2] === demoCustomer?.email && cells[3]?.includes(amount),
        )
      expect(row, list).toBeDefined()
      return row?.[0] ?? ''
    }

    async function fileRequest(amount: string, submit: string) {
      const page = session.page
      await page.getByLabel('Amount').fill(amount)
      await page.getByLabel(/Proof of payment/).setInputFiles(pngProof)
      await page.getByText('File Uploaded').waitFor()
      await page.getByRole('button', { name: submit }).click()
      await page.getByRole('status').getByText('Payment Pending!').first().waitFor()
    }

    for (const form of forms) {
      it(`draws the ${form.name} form without an accessibility violation`, async () => {
        await signInDemoCustomer(session)
        await open(form.path, form.heading)
        const coin = session.page.getByLabel('Coin type')
        expect(await coin.inputValue()).toBe('Bitcoin (BTC)')
        await session.page
          .getByRole('button', { name: /^Copy Bitcoin \(BTC\) deposit address$/ })
          .waitFor()
        await expectAccessible(session.page)
        // The messages of an empty submission are accessible too.
        await session.page.getByRole('button', { name: /^Submit/ }).click()
        await session.page.getByText('Add your proof of payment', { exact: true }).waitFor()
        await expectAccessible(session.page)
        await shoot(form.name)
      })
    }

    it('opens the crypto form from the make payment and fixed deposit entries', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/make-payment', 'Pay with crypto')
      expect(session.page.url()).toBe(`${session.portal.url}/dashboard/make-payment/crypto`)
      await open('/dashboard/fixed-deposit', 'Fixed deposit with crypto')
      expect(session.page.url()).toBe(`${session.portal.url}/dashboard/fixed-deposit/crypto`)
    })

    // The journeys change the demo customer's money and plan: once, at the desktop width.
    if (phone) return

    it('deposits with a proof; once an operator confirms, the balance and the list show it', async () => {
      await signInDemoCustomer(session)
      const before = await balance()
      await open('/dashboard/add-funds/crypto', 'Crypto Deposit')
      await fileRequest('125.50', 'Submit Deposit')
      const deposits = session.page.getByRole('region', { name: 'Your deposits' })
      await deposits
        .getByRole('listitem')
        .filter({ hasText: '$125.50' })
        .getByText('pending')
        .waitFor()
      // The form starts empty for the next request.
      expect(await session.page.getByLabel('Amount').inputValue()).toBe('')

      const id = await pendingRequestId('deposit', '125.50')
      expect(await session.portal.runOps('requests confirm', [id])).not.toBe('')

      await session.page.reload()
      await deposits
        .getByRole('listitem')
        .filter({ hasText: '$125.50' })
        .getByText('confirmed')
        .waitFor()
      await shoot('deposit-confirmed')
      expect(await balance()).toBe(before + 12550)
    })

    it('asks for an upgrade; once an operator confirms, the dashboard shows the new plan', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard', 'Dana Morgan')
      const overview = session.page.getByRole('region', { name: 'Account overview' })
      expect(await overview.innerText()).not.toContain('Tier 3')
      await open('/dashboard/upgrade', 'Upgrade Account')
      expect(await session.page.getByLabel('Plan').inputValue()).toBe('')
      await session.page.getByLabel('Plan').selectOption('Tier 3')
      await fileRequest('80', 'Submit Upgrade')

      const id = await pendingRequestId('upgrade', '80.00')
      await session.portal.runOps('requests confirm', [id])
      await open('/dashboard', 'Dana Morgan')
      await overview.getByText('Tier 3').waitFor()
    })
  })
}
