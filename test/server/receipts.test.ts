import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { recordMovement } from './support/history'
import { pdfText } from './support/pdf-text'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('receipts on %s', (target) => {
  let t: TestApp
  let token: string
  let otherToken: string
  let credit: { ref2: string }
  let debit: { ref2: string }
  let foreign: { ref2: string }

  beforeAll(async () => {
    t = await startTestApp(target)
    const owner = await createCustomer(t)
    const other = await createCustomer(t)
    const at = new Date('2026-03-04T15:16:00Z')
    credit = await recordMovement(t.db, owner.id, {
      name: 'Salary',
      direction: 'credit',
      amount: 250_000,
      at,
    })
    debit = await recordMovement(t.db, owner.id, {
      name: 'Transfer to Jane',
      direction: 'debit',
      amount: 12_345,
      at,
      status: 'in_progress',
    })
    foreign = await recordMovement(t.db, other.id, {
      name: 'Theirs',
      direction: 'credit',
      amount: 100,
      at,
    })
    token = await t.login(owner.email, owner.passcode)
    otherToken = await t.login(other.email, other.passcode)
  })
  afterAll(() => t.close())

  it("getreceipt answers the caller's own receipt", async () => {
    const answer = await t.action('transactionReceipt', { token, receiptId: debit.ref2 })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      currency: '$',
      transaction: {
        receiptId: debit.ref2,
        name: 'Transfer to Jane',
        amount: '123.45',
        direction: 'debit',
        status: 'in_progress',
      },
    })
  })

  it("answers another customer's receipt exactly like an unknown one", async () => {
    const theirs = await t.action('transactionReceipt', { token, receiptId: foreign.ref2 })
    const unknown = await t.action('transactionReceipt', { token, receiptId: 'no-such-receipt' })
    expect(theirs).toEqual({ status: 200, body: { transaction: null, currency: '$' } })
    expect(unknown).toEqual(theirs)
    // The owner still sees it.
    expect(
      (await t.action('transactionReceipt', { token: otherToken, receiptId: foreign.ref2 })).body
        .transaction,
    ).toMatchObject({ name: 'Theirs' })
  })

  it('refuses a missing, oversized or anonymous request', async () => {
    expect((await t.action('transactionReceipt', { token })).status).toBe(400)
    expect(
      (await t.action('transactionReceipt', { token, receiptId: 'x'.repeat(65) })).body.message,
    ).toBe('The receipt number must be at most 64 characters.')
    expect((await t.action('transactionReceipt', { receiptId: credit.ref2 })).status).toBe(401)
  })

  it('downloads a Payment receipt for a credit and a Transfer receipt for a debit', async () => {
    const payment = await t.download('receiptpdf', { token, receiptId: credit.ref2 })
    expect(payment.status).toBe(200)
    expect(payment.headers.get('content-type')).toBe('application/pdf')
    expect(payment.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt_${credit.ref2.replace(/[^\w.-]/g, '_')}.pdf"`,
    )
    const paymentText = pdfText(new Uint8Array(await payment.arrayBuffer()))
    expect(paymentText).toContain('Payment receipt')
    expect(paymentText).toMatch(/Ref number\n.*/)
    expect(paymentText).toContain('Amount\n$2,500.00')
    expect(paymentText).toContain('04/03/2026, 15:16 UTC')

    const transfer = pdfText(
      new Uint8Array(
        await (await t.download('receiptpdf', { token, receiptId: debit.ref2 })).arrayBuffer(),
      ),
    )
    expect(transfer).toContain('Transfer receipt')
    expect(transfer).toContain('Amount\n-$123.45')
    expect(transfer).toContain('Status\nin progress')
  })

  it("answers 404 for another customer's receipt PDF, the same as for an unknown id", async () => {
    const theirs = await t.download('receiptpdf', { token, receiptId: foreign.ref2 })
    const unknown = await t.download('receiptpdf', { token, receiptId: 'no-such-receipt' })
    expect(theirs.status).toBe(404)
    expect(unknown.status).toBe(404)
    const body = await theirs.json()
    expect(body).toEqual({ error: true, message: 'Receipt not found.' })
    expect(await unknown.json()).toEqual(body)
  })
})
