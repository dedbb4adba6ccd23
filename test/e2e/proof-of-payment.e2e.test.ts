import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseWireAmount } from '#api/money'
import { decideRequest } from '#server/domain/funding-requests'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { pngFile } from './support/png-file'
import type { Portal } from './support/portal'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  lookAtEachWidth,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/** Screenshots of each form at both widths. */
const shooter = screenshots('proof-of-payment')

const pngProof = pngFile('proof.png')

/** A transaction hash no request has claimed: 64 hexadecimal characters, as Bitcoin writes it. */
const newTxHash = () => randomBytes(32).toString('hex')

/**
 * The demo as an existing demo database is after migrations 0010 and 0011 (test-network coins
 * with their explorers, priced upgrade plans): their data steps, which match only the demo's
 * rows. A new database is seeded after its migrations, so the portal's fresh one needs them
 * run here; they change nothing once the seed gives the same values.
 */
async function demoAsMigrated(portal: Portal) {
  for (const migration of ['0010_plan-prices.sql', '0011_chain-payments.sql']) {
    const text = await readFile(
      new URL(`../../server/db/migrations/${migration}`, import.meta.url),
      'utf8',
    )
    for (const step of text.split('--> statement-breakpoint')) {
      const statement = step.replace(/^\s*--.*$/gm, '').trim()
      if (/^(UPDATE|INSERT)\b/.test(statement)) await portal.db.execute(sql.raw(statement))
    }
  }
}

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

/**
 * One portal: each form is drawn once and looked at at both widths, the viewport resized
 * (atEachWidth); the journeys that change the demo customer's money and plan run once, at the
 * desktop width.
 */
describe('proof-of-payment forms in Chromium at 390 and 1280 px', () => {
  const session: ChromiumSession = useChromiumSession(widths.desktop)
  const shoot = shooter(session, widths.desktop.width)
  const look = lookAtEachWidth(session, shooter)
  beforeAll(() => demoAsMigrated(session.portal))

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

  /** The customer's pending request of `kind` for `amount`, as an operator lists it. */
  async function pendingRequest(kind: string, amount: string): Promise<string[]> {
    const list = await session.portal.runOps('requests list', [])
    const row = list
      .split('\n')
      .map((line) => line.split('\t'))
      .find(
        (cells) =>
          cells[1] === kind && cells[2] === demoCustomer?.email && cells[3]?.includes(amount),
      )
    expect(row, list).toBeDefined()
    return row ?? []
  }

  /** The id of the customer's pending request of `kind` for `amount`, as an operator finds it. */
  const pendingRequestId = async (kind: string, amount: string) =>
    (await pendingRequest(kind, amount))[0] ?? ''

  /** Fills and sends the form (the amount unless a plan's price filled it); its hash. */
  async function fileRequest(amount: string | null, submit: string): Promise<string> {
    const page = session.page
    const txHash = newTxHash()
    if (amount !== null) await page.getByLabel('Amount').fill(amount)
    await page.getByLabel('Transaction hash').fill(txHash)
    await page.getByLabel(/Proof of payment/).setInputFiles(pngProof)
    await page.getByText('File Uploaded').waitFor()
    await page.getByRole('button', { name: submit }).click()
    await page.getByRole('status').getByText('Payment Pending!').first().waitFor()
    return txHash
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
      // A visibly test-network address, and the network named above it.
      await session.page.getByText('Network: Bitcoin testnet').waitFor()
      await session.page.getByText(/^tb1q[0-9a-z]{38}$/).waitFor()
      await session.page.getByText(/^You pay from your own wallet to the address below/).waitFor()
      await look(`${form.name}-empty`)
      // The messages of an empty submission are accessible too.
      await session.page.getByRole('button', { name: /^Submit/ }).click()
      await session.page.getByText('Add your proof of payment', { exact: true }).waitFor()
      await session.page
        .getByText('Enter the transaction hash of your payment', { exact: true })
        .waitFor()
      await look(form.name)
    }, 120_000)
  }

  it('opens the crypto form from the make payment and fixed deposit entries', async () => {
    await signInDemoCustomer(session)
    await open('/dashboard/make-payment', 'Pay with crypto')
    expect(session.page.url()).toBe(`${session.portal.url}/dashboard/make-payment/crypto`)
    await open('/dashboard/fixed-deposit', 'Fixed deposit with crypto')
    expect(session.page.url()).toBe(`${session.portal.url}/dashboard/fixed-deposit/crypto`)
  })

  it('refuses an oversized proof on the device, and the last request\'s "Payment Pending!" goes', async () => {
    await signInDemoCustomer(session)
    await open('/dashboard/add-funds/crypto', 'Crypto Deposit')
    await fileRequest('12.00', 'Submit Deposit')
    const page = session.page
    const pending = page.getByRole('status').getByText('Payment Pending!')
    await page.getByLabel('Amount').fill('13.00')
    await page.getByLabel('Transaction hash').fill(newTxHash())
    await page.getByLabel(/Proof of payment/).setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    })
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/users')) sent.push(request.url())
    })
    await page.getByRole('button', { name: 'Submit Deposit' }).click()
    await page.getByText('File too large: at most 5 MB', { exact: true }).waitFor()
    await pending.waitFor({ state: 'detached' })
    expect(sent).toEqual([])
    await look('deposit-too-large')
  })

  it('deposits with a proof; once an operator confirms, the balance and the list show it', async () => {
    await signInDemoCustomer(session)
    const before = await balance()
    await open('/dashboard/add-funds/crypto', 'Crypto Deposit')
    const txHash = await fileRequest('125.50', 'Submit Deposit')
    const deposits = session.page.getByRole('region', { name: 'Your deposits' })
    await deposits
      .getByRole('listitem')
      .filter({ hasText: '$125.50' })
      .getByText('pending')
      .waitFor()
    // The form starts empty for the next request.
    expect(await session.page.getByLabel('Amount').inputValue()).toBe('')

    // The operator sees the payment's hash and its page in the coin's explorer.
    const [id, ...cells] = await pendingRequest('deposit', '125.50')
    expect(cells.slice(-2)).toEqual([txHash, `https://mempool.space/testnet4/tx/${txHash}`])
    expect(await session.portal.runOps('requests confirm', [id ?? ''])).not.toBe('')

    await session.page.reload()
    await deposits
      .getByRole('listitem')
      .filter({ hasText: '$125.50' })
      .getByText('confirmed')
      .waitFor()
    await shoot('deposit-confirmed')
    expect(await balance()).toBe(before + 12550)
  })

  it('pays for a purpose from outside; once an operator confirms, the balance is unchanged and the list shows the purpose', async () => {
    await signInDemoCustomer(session)
    const before = await balance()
    await open('/dashboard/make-payment/crypto', 'Pay with crypto')
    await session.page
      .getByText(
        'You pay from your own wallet to the address below; once we have found your payment on the chain, it is recorded against its purpose. Nothing is taken from your balance.',
      )
      .waitFor()
    await session.page.getByLabel('Purpose').selectOption('Insurance premium')
    await fileRequest('310.00', 'Submit Payment')
    const payments = session.page.getByRole('region', { name: 'Your payments' })
    const row = payments.getByRole('listitem').filter({ hasText: '$310.00' })
    await row.getByText('Insurance premium').waitFor()
    await row.getByText('pending').waitFor()

    // The operator confirms it, as the server's operator channel does.
    const id = Number(await pendingRequestId('payment', '310.00'))
    expect(await decideRequest(session.portal.db, id, { confirm: true }, new Date())).toBe(
      `Request ${id} confirmed.`,
    )
    await session.page.reload()
    await row.getByText('confirmed').waitFor()
    await row.getByText('Insurance premium').waitFor()
    await shoot('payment-confirmed')
    expect(await balance()).toBe(before)
  })

  it('asks for an upgrade at its price; once an operator confirms, the dashboard shows the new plan', async () => {
    await signInDemoCustomer(session)
    await open('/dashboard', 'Dana Morgan')
    const overview = session.page.getByRole('region', { name: 'Account overview' })
    expect(await overview.innerText()).not.toContain('Tier 3')
    await open('/dashboard/upgrade', 'Upgrade Account')
    const plans = session.page.getByRole('list', { name: 'Price list' })
    await plans.getByText('$150.00').waitFor()
    await plans
      .getByText('Transfers above $25,000.00 need an e-mailed code.', { exact: false })
      .waitFor()
    expect(await session.page.getByLabel('Plan').inputValue()).toBe('')
    await session.page.getByLabel('Plan').selectOption('Tier 3')
    // The plan's price fills the amount, and is what is sent.
    const amount = session.page.getByLabel('Amount')
    await expect.poll(() => amount.inputValue()).toBe('150.00')
    expect(await amount.getAttribute('readonly')).not.toBeNull()
    await shoot('upgrade-priced')
    await fileRequest(null, 'Submit Upgrade')

    const id = await pendingRequestId('upgrade', '150.00')
    await session.portal.runOps('requests confirm', [id])
    await open('/dashboard', 'Dana Morgan')
    await overview.getByText('Tier 3').waitFor()
  })
})
