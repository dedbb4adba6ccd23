import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maximumAmount } from '#api/money'
import { fundingMessages } from '#server/actions/funding'
import { availableBalanceOf, balanceOf, customerAccountCode, ledgerSums } from '#server/db/ledger'
import {
  fixedDeposits,
  fundingRequests,
  idempotentSubmissions,
  ledgerAccounts,
  plans,
  transferAuthorizations,
  transfers,
} from '#server/db/schema'
import { interestFor } from '#server/domain/fixed-deposits'
import { decideRequest } from '#server/domain/funding-requests'
import { decideTransfer } from '#server/domain/transfers'
import { runOpsCommand } from '#server/ops/run'
import { databaseTargets } from './support/databases'
import { fileOf as file, png } from './support/files'
import { recordMovement } from './support/history'
import { codeIn, lastMailTo, mailsTo } from './support/mailbox'
import { jane, newKey, newTxHash, payingCustomer, transferFields } from './support/money'
import { pdfText } from './support/pdf-text'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The largest amount a customer or operator can enter, 1,000,000,000.00 (issue 22, item 7), and
 * balances up to the ledger's own cap (10^15 minor units) read without a 500.
 */
const btc = 'Bitcoin (BTC)'
const atMost = 'The amount must be at most 1,000,000,000.00.'
/** What confirmmypin binds besides the amount and the payee (sent whether or not it asks). */
const approved = { currency: 'USD', routingNumber: '021000089', country: 'United Kingdom' }
const aboveMaximum = ['1000000000.01', '1000000001', '9999999999999.99', '0009999999999.99']

describe.each(databaseTargets)('the largest amount on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
    // An upgrade plan without a price takes any amount: the largest is the point here.
    await t.db.insert(plans).values({ kind: 'upgrade', planName: 'Unpriced', sortOrder: 9 })
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof payingCustomer>>
  const balance = (c: Customer) => availableBalanceOf(t.db, customerAccountCode(c.id))
  const booked = (c: Customer) => balanceOf(t.db, customerAccountCode(c.id))

  /** Every call that takes an amount, with its other fields right. */
  const amountCalls = (c: Customer, amount: string) => ({
    submitCryptoDeposit: () =>
      t.action('submitCryptoDeposit', {
        token: c.token,
        type: btc,
        amount,
        txHash: newTxHash(),
        depositPic: file(png),
        idempotencyKey: newKey(),
      }),
    submitPayment: () =>
      t.action('submitPayment', {
        token: c.token,
        purpose: 'Loan repayment',
        type: btc,
        amount,
        txHash: newTxHash(),
        depositPic: file(png),
        idempotencyKey: newKey(),
      }),
    submitFixedDeposit: () =>
      t.action('submitFixedDeposit', {
        token: c.token,
        plan: '12 months at 5.2%',
        type: btc,
        amount,
        txHash: newTxHash(),
        fixedDepositPic: file(png),
        idempotencyKey: newKey(),
      }),
    submitUpgrade: () =>
      t.action('submitUpgrade', {
        token: c.token,
        plan: 'Unpriced',
        type: btc,
        amount,
        txHash: newTxHash(),
        depositPic: file(png),
        idempotencyKey: newKey(),
      }),
    confirmTransferPin: () =>
      t.action('confirmTransferPin', { token: c.token, pin: '2468', amount, ...jane, ...approved }),
    confirmTransferCode: () =>
      t.action('confirmTransferCode', {
        token: c.token,
        pin: '123456',
        authorization: 'a'.repeat(24),
        amount,
        swiftCode: jane.swiftCode,
        accountNumber: jane.accountNumber,
      }),
    submitTransfer: () =>
      t.action('submitTransfer', {
        token: c.token,
        ...transferFields(amount),
        authorization: 'a'.repeat(24),
        idempotencyKey: newKey(),
      }),
  })

  it('every call that takes an amount refuses one above 1,000,000,000.00 with 400, and changes nothing', async () => {
    const c = await payingCustomer(t, 50_000)
    for (const amount of aboveMaximum)
      for (const [name, call] of Object.entries(amountCalls(c, amount))) {
        const answer = await call()
        expect(answer.status, `${name} ${amount}`).toBe(400)
        expect(answer.body).toEqual({
          error: true,
          message: atMost,
        })
      }
    const count = async (rows: Promise<unknown[]>) => (await rows).length
    expect(
      await count(t.db.select().from(fundingRequests).where(eq(fundingRequests.userId, c.id))),
    ).toBe(0)
    expect(
      await count(
        t.db.select().from(transferAuthorizations).where(eq(transferAuthorizations.userId, c.id)),
      ),
    ).toBe(0)
    expect(await count(t.db.select().from(transfers).where(eq(transfers.userId, c.id)))).toBe(0)
    expect(
      await count(
        t.db.select().from(idempotentSubmissions).where(eq(idempotentSubmissions.userId, c.id)),
      ),
    ).toBe(0)
    expect(await balance(c)).toBe(50_000)
    expect(await mailsTo(t.db, c.email)).toEqual([])
  })

  it('takes 1,000,000,000.00 itself: requests, and a transfer of it, confirmed and paid exactly', async () => {
    const c = await payingCustomer(t, 0)
    const calls = amountCalls(c, '1000000000.00')
    for (const name of [
      'submitCryptoDeposit',
      'submitPayment',
      'submitFixedDeposit',
      'submitUpgrade',
    ] as const) {
      const answer = await calls[name]()
      expect(answer.status, name).toBe(200)
      expect(answer.body, name).toEqual({ icon: 'success', message: fundingMessages.submitted })
    }
    const requests = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, c.id))
      .orderBy(fundingRequests.id)
    expect(requests.map((request) => request.amount)).toEqual(Array(4).fill(maximumAmount))
    const [deposit, , fixed] = requests
    await decideRequest(t.db, deposit?.id as number, { confirm: true }, t.clock.now())
    await decideRequest(t.db, fixed?.id as number, { confirm: true }, t.clock.now())
    expect(await balance(c)).toBe(maximumAmount)
    const [held] = await t.db.select().from(fixedDeposits).where(eq(fixedDeposits.userId, c.id))
    expect(held).toMatchObject({ amount: maximumAmount, interest: 5_200_000_000 })

    const pin = await calls.confirmTransferPin()
    expect(pin.body.status).toBe(true)
    const authorization = pin.body.authorization as string
    expect(pin.body.stepUp).not.toBeNull()
    const code = codeIn(await lastMailTo(t.db, c.email))
    const checked = await t.action('confirmTransferCode', {
      token: c.token,
      pin: code,
      authorization,
      amount: '1000000000.00',
      swiftCode: jane.swiftCode,
      accountNumber: jane.accountNumber,
    })
    expect(checked.body.status).toBe(true)
    const sent = await t.action('submitTransfer', {
      token: c.token,
      ...transferFields('1000000000.00'),
      authorization,
      idempotencyKey: newKey(),
    })
    expect(sent.body).toMatchObject({ icon: 'success', amount: '1000000000.00' })
    expect([await balance(c), await booked(c)]).toEqual([0, maximumAmount])
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, c.id))
    await decideTransfer(t.db, transfer?.id as number, { settle: true }, t.clock.now())
    expect([await balance(c), await booked(c)]).toEqual([0, 0])
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
  })

  it('computes fixed-deposit interest exactly where a float product of three would not', () => {
    // 18,924,133,738 × 99.90 % × 7,229 days: the product passes 2^53 and a float floors one low.
    expect(interestFor(18_924_133_738, 9_990, 7_229)).toBe(374_426_740_353)
    expect(interestFor(maximumAmount, 9_999, 9_999)).toBe(2_739_178_109_589)
    expect(interestFor(100_000, 520, 365)).toBe(5_200)
  })

  it("the operator's step-up limit takes at most 1,000,000,000.00", async () => {
    const ops = (...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', now: t.clock.now() })
    for (const amount of aboveMaximum)
      expect(await ops('config', 'step-up-limit', 'Tier 2', amount)).toEqual({
        exitCode: 1,
        output: 'Plan Tier 2: the step-up limit must be at most 1,000,000,000.00.',
      })
    expect(await ops('config', 'step-up-limit', 'Tier 2', '1000000000.00')).toEqual({
      exitCode: 0,
      output: 'Step-up above $1,000,000,000.00 for Tier 2.',
    })
  })

  it("reads a balance at the ledger's cap, and lifetime totals past 2^53, without a 500", async () => {
    const c = await payingCustomer(t, 0)
    const cap = 10 ** 15
    await recordMovement(t.db, c.id, {
      direction: 'credit',
      amount: cap,
      at: new Date(t.clock.now().getTime() - 3_600_000),
    })
    // Lifetime totals only grow: a balance kept under the cap can still move more than 2^53
    // minor units in and out over the years (90,072 deposits and payments of the maximum).
    // Written directly here, as many confirmed requests would leave them.
    await t.db
      .update(ledgerAccounts)
      .set({
        totalCredit: sql`9007199254740993`,
        totalDebit: sql`9007199254740993 - ${cap}`,
      })
      .where(eq(ledgerAccounts.code, customerAccountCode(c.id)))
    const dashboard = await t.action('dashboard', { token: c.token })
    expect(dashboard.status).toBe(200)
    expect(dashboard.body).toMatchObject({
      balances: { available: '10000000000000.00' },
      totalCredit: '90071992547409.93',
      totalDebit: '80071992547409.93',
    })
    const perc = await t.action('transferCharge', { token: c.token })
    expect(perc.status).toBe(200)
    expect(perc.body.balances).toEqual({ available: '10000000000000.00' })
    const page = await t.action('statementPage', { token: c.token })
    expect(page.status).toBe(200)
    const csv = await t.download('statementcsv', { token: c.token })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain(',credit,10000000000000.00,')
    const statement = await t.download('statementpdf', { token: c.token })
    expect(statement.status).toBe(200)
    const text = pdfText(new Uint8Array(await statement.arrayBuffer()))
    expect(text).toContain('$10,000,000,000,000.00')
  })
})
