import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  type FileRequestInput,
  fieldMessages,
  type ProofOfPaymentForm,
  proofOfPaymentForms,
  proofOfPaymentMachine,
  type RequestResult,
} from '#machines/proof-of-payment.machine'
import {
  type ProofOfPaymentPage,
  proofOfPaymentPages,
  type RequestFormData,
} from '#routes/dashboard/-shared/proof-of-payment/proof-of-payment-pages'
import { ProofOfPaymentView } from '#routes/dashboard/-shared/proof-of-payment/proof-of-payment-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

const data: RequestFormData = {
  names: ['Bitcoin', 'USDT (TRC20)'],
  addresses: [
    {
      type: 'Bitcoin',
      address: 'tb1qexampleaddress0000000000000000000000',
      network: 'Bitcoin testnet',
      hashFormat: 'hex64',
    },
    {
      type: 'USDT (TRC20)',
      address: 'TExampleTronAddress000000000000000',
      network: null,
      hashFormat: 'hex64-or-0x',
    },
  ],
  addresses2: {
    Bitcoin: 'tb1qexampleaddress0000000000000000000000',
    'USDT (TRC20)': 'TExampleTronAddress000000000000000',
  },
  transactions: [
    {
      type: 'Bitcoin',
      amount: '250.00',
      status: 'pending',
      createdAt: '2026-03-07T12:00:00Z',
      purpose: null,
      plan: null,
    },
    {
      type: 'Bitcoin',
      amount: '1200.5',
      status: 'declined',
      createdAt: '2026-01-02T12:00:00Z',
      purpose: null,
      plan: null,
    },
  ],
  currency: 'USD',
  plans: [
    { planName: 'Gold', termDays: 90, ratePercent: 5 },
    { planName: 'Platinum', termDays: 180, ratePercent: 7.5 },
  ],
}

const filed: RequestResult = { ok: true, data: { icon: 'success', message: 'received' } }

async function showForm(form: ProofOfPaymentForm, page: ProofOfPaymentPage, answer = filed) {
  const sent: FileRequestInput[] = []
  const actor = createActor(
    proofOfPaymentMachine.provide({
      actors: {
        fileRequest: fromPromise<RequestResult, FileRequestInput>(async ({ input }) => {
          sent.push(input)
          return answer
        }),
      },
    }),
    { input: { form } },
  ).start()
  await renderInRouter(() => <ProofOfPaymentView actor={actor} page={page} data={data} />)
  return { actor, sent }
}

/** Chooses a file the way a browser does, so the form's FormData sees it (happy-dom). */
function choose(input: HTMLElement, file: File) {
  const transfer = new DataTransfer()
  transfer.items.add(file)
  ;(input as HTMLInputElement).files = transfer.files
  fireEvent.change(input)
}

const proof = new File(['png'], 'proof.png', { type: 'image/png' })
const txHash = 'ab'.repeat(32)

describe('the crypto deposit form', () => {
  it('chooses the first coin and shows its address with Copy; another coin shows its own', async () => {
    await showForm(proofOfPaymentForms.deposit, proofOfPaymentPages.deposit)
    const coin = (await screen.findByLabelText('Coin type')) as HTMLSelectElement
    expect(coin.value).toBe('Bitcoin')
    expect(screen.getByText('tb1qexampleaddress0000000000000000000000')).toBeTruthy()
    expect(screen.getByText('Network: Bitcoin testnet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy Bitcoin deposit address' })).toBeTruthy()
    fireEvent.change(coin, { target: { value: 'USDT (TRC20)' } })
    expect(screen.getByText('TExampleTronAddress000000000000000')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: /Plan|Purpose/ })).toBeNull()
  })

  it('lists the requests with amount, status badge and day/month/year', async () => {
    await showForm(proofOfPaymentForms.deposit, proofOfPaymentPages.deposit)
    const list = within(screen.getByRole('region', { name: 'Your deposits' }))
    const rows = list.getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('$250.00')
    expect(rows[0]?.textContent).toContain('pending')
    expect(rows[0]?.textContent).toContain('07/03/2026')
    expect(rows[1]?.textContent).toContain('$1,200.50')
    expect(rows[1]?.textContent).toContain('declined')
  })

  it('tells each missing field, focuses the first, and sends nothing', async () => {
    const { sent } = await showForm(proofOfPaymentForms.deposit, proofOfPaymentPages.deposit)
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Deposit' }))
    expect(await screen.findByText(fieldMessages.amountMissing)).toBeTruthy()
    expect(screen.getByText(fieldMessages.txHashMissing)).toBeTruthy()
    expect(screen.getByText(fieldMessages.proof)).toBeTruthy()
    // The focus goes to the first field refused.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Amount/)))
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '10.123' } })
    // Bitcoin's hashes have no 0x.
    fireEvent.change(screen.getByLabelText(/Transaction hash/), {
      target: { value: `0x${txHash}` },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    expect(await screen.findByText(fieldMessages.amountMalformed)).toBeTruthy()
    expect(screen.getByText(fieldMessages.txHashMalformed('hex64'))).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('sends the deposit with its proof and a key, then starts an empty form', async () => {
    const { actor, sent } = await showForm(proofOfPaymentForms.deposit, proofOfPaymentPages.deposit)
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '250.5' } })
    fireEvent.change(screen.getByLabelText(/Transaction hash/), { target: { value: txHash } })
    choose(screen.getByLabelText(/Proof of payment/), proof)
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    await waitFor(() => expect(actor.getSnapshot().matches({ form: 'submitted' })).toBe(true))
    expect(sent).toHaveLength(1)
    expect(sent[0]?.call).toBe('submitCryptoDeposit')
    expect(sent[0]?.fields).toMatchObject({ type: 'Bitcoin', amount: '250.50', txHash })
    expect((sent[0]?.fields.depositPic as File | undefined)?.name).toBe('proof.png')
    expect(sent[0]?.fields.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() =>
      expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe(''),
    )
  })
  it("refuses a proof over 5 MB or of another type beside the box, in the spec's tone, and sends nothing", async () => {
    const { sent } = await showForm(proofOfPaymentForms.deposit, proofOfPaymentPages.deposit)
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '25' } })
    const box = screen.getByLabelText(/Proof of payment/)
    choose(box, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    expect(await screen.findByText('File too large: at most 5 MB')).toBeTruthy()
    choose(box, new File(['<svg/>'], 'proof.svg', { type: 'image/svg+xml' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    expect(
      await screen.findByText('Wrong file type: PNG, JPEG, GIF, WebP or PDF only'),
    ).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('keeps the entry after a failure, and Submit again retries under the same key', async () => {
    const lost: RequestResult = { ok: false, reason: 'network' }
    const { actor, sent } = await showForm(
      proofOfPaymentForms.deposit,
      proofOfPaymentPages.deposit,
      lost,
    )
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '40' } })
    fireEvent.change(screen.getByLabelText(/Transaction hash/), { target: { value: txHash } })
    choose(screen.getByLabelText(/Proof of payment/), proof)
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    await waitFor(() => expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true))
    expect((screen.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('40')
    fireEvent.click(screen.getByRole('button', { name: 'Submit Deposit' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.fields.idempotencyKey).toBe(sent[0]?.fields.idempotencyKey)
  })
})

describe('the upgrade form', () => {
  it("offers the plans under 'Select ..' and sends the chosen one", async () => {
    const { actor, sent } = await showForm(proofOfPaymentForms.upgrade, proofOfPaymentPages.upgrade)
    const plan = (await screen.findByLabelText('Plan')) as HTMLSelectElement
    expect(plan.value).toBe('')
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select ..', 'Gold (90 days, 5% a year)', 'Platinum (180 days, 7.5% a year)'])
    fireEvent.click(screen.getByRole('button', { name: 'Submit Upgrade' }))
    expect(await screen.findByText(fieldMessages.plan)).toBeTruthy()
    fireEvent.change(plan, { target: { value: 'Gold' } })
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '99' } })
    fireEvent.change(screen.getByLabelText(/Transaction hash/), { target: { value: txHash } })
    choose(screen.getByLabelText(/Proof of payment/), proof)
    fireEvent.click(screen.getByRole('button', { name: 'Submit Upgrade' }))
    await waitFor(() => expect(actor.getSnapshot().matches({ form: 'submitted' })).toBe(true))
    expect(sent[0]?.call).toBe('submitUpgrade')
    expect(sent[0]?.fields).toMatchObject({ plan: 'Gold', type: 'Bitcoin', amount: '99.00' })
  })
})

describe('the make-payment form', () => {
  it('says what confirming will do before the address, and sends the purpose with the hash', async () => {
    const { actor, sent } = await showForm(proofOfPaymentForms.payment, {
      ...proofOfPaymentPages.payment,
    })
    const note = await screen.findByText(proofOfPaymentPages.payment.confirming)
    expect(note.textContent).toBe(
      'You pay from your own wallet to the address below; once we have found your payment on the chain, it is recorded against its purpose. Nothing is taken from your balance.',
    )
    // "below": the note comes before the address.
    const address = screen.getByText('tb1qexampleaddress0000000000000000000000')
    expect(note.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Coin type'), { target: { value: 'USDT (TRC20)' } })
    expect(screen.queryByText(/^Network:/)).toBeNull()
    expect(screen.getByText(/0x before them or not/)).toBeTruthy()
    expect(sent).toEqual([])
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true)
  })
})

describe('the upgrade form with priced plans', () => {
  const priced: RequestFormData = {
    ...data,
    plans: [
      {
        planName: 'Tier 2',
        price: '50.00',
        stepUpLimit: '5000.00',
        description: 'More room for everyday transfers',
      },
      { planName: 'Tier 3', price: '150.00', stepUpLimit: '25000.00' },
    ],
    transactions: [
      {
        type: 'Bitcoin',
        amount: '50.00',
        status: 'confirmed',
        createdAt: '2026-03-07T12:00:00Z',
        purpose: null,
        plan: 'Tier 2',
      },
    ],
  }

  async function showUpgrade() {
    const sent: FileRequestInput[] = []
    const actor = createActor(
      proofOfPaymentMachine.provide({
        actors: {
          fileRequest: fromPromise<RequestResult, FileRequestInput>(async ({ input }) => {
            sent.push(input)
            return filed
          }),
        },
      }),
      { input: { form: proofOfPaymentForms.upgrade } },
    ).start()
    await renderInRouter(() => (
      <ProofOfPaymentView actor={actor} page={proofOfPaymentPages.upgrade} data={priced} />
    ))
    return { actor, sent }
  }

  it('lists each plan with its price and what it changes', async () => {
    await showUpgrade()
    const plans = within(await screen.findByRole('list', { name: 'Price list' })).getAllByRole(
      'listitem',
    )
    expect(plans.map((plan) => plan.textContent)).toEqual([
      'Tier 2$50.00Transfers above $5,000.00 need an e-mailed code. More room for everyday transfers.',
      'Tier 3$150.00Transfers above $25,000.00 need an e-mailed code.',
    ])
    const plan = screen.getByLabelText('Plan') as HTMLSelectElement
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select ..', 'Tier 2 ($50.00)', 'Tier 3 ($150.00)'])
  })

  it("fills the amount with the chosen plan's price, read-only, and sends it", async () => {
    const { actor, sent } = await showUpgrade()
    const amount = () => screen.getByLabelText(/Amount/) as HTMLInputElement
    expect(amount().value).toBe('')
    expect(amount().readOnly).toBe(false)
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'Tier 3' } })
    await waitFor(() => expect(amount().value).toBe('150.00'))
    expect(amount().readOnly).toBe(true)
    expect(screen.getByText('The price of Tier 3')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'Tier 2' } })
    await waitFor(() => expect(amount().value).toBe('50.00'))
    fireEvent.change(screen.getByLabelText(/Transaction hash/), { target: { value: txHash } })
    choose(screen.getByLabelText(/Proof of payment/), proof)
    fireEvent.click(screen.getByRole('button', { name: 'Submit Upgrade' }))
    await waitFor(() => expect(actor.getSnapshot().matches({ form: 'submitted' })).toBe(true))
    expect(sent[0]?.fields).toMatchObject({ plan: 'Tier 2', amount: '50.00' })
    // A new, empty form after the filed request.
    await waitFor(() => expect(amount().value).toBe(''))
    expect((screen.getByLabelText('Plan') as HTMLSelectElement).value).toBe('')
  })

  it('lists each request with its plan, then its coin type and day', async () => {
    await showUpgrade()
    const list = within(screen.getByRole('region', { name: 'Your upgrade requests' }))
    const [row] = list.getAllByRole('listitem')
    expect(row?.textContent).toContain('Tier 2')
    expect(row?.textContent).toContain('Bitcoin · 07/03/2026')
  })
})
