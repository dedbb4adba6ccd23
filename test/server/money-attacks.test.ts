import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundingMessages } from '#server/actions/funding'
import { messages } from '#server/actions/transfers'
import { createSession } from '#server/auth/sessions'
import {
  BalanceAboveMaximum,
  bankAccountCodes,
  customerAccountCode,
  DebitsBlocked,
  ledgerSums,
  post,
} from '#server/db/ledger'
import { accountNotices, fundingRequests, ledgerAccounts, maximumBalance } from '#server/db/schema'
import { clearAccountNotice, setAccountNotice } from '#server/domain/account-notices'
import { stepUpMailLimit } from '#server/domain/transfer-authorization'
import { bothDatabases } from './support/databases'
import { fileOf, png } from './support/files'
import { codeIn, lastMailTo, mailsTo, otherCode } from './support/mailbox'
import { jane, newKey, newTxHash, payingCustomer, transferFields } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * Issue 22's attacks with a valid session: each one tried as the attacker would, and refused.
 * The over-spending, idempotency and race tests of the transfer itself are transfers.test.ts.
 */
describe.each(bothDatabases)('money attacks on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, { sessionIdleMs: 24 * 3_600_000 })
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof payingCustomer>>
  const newPayee = (n: number) => ({
    ...jane,
    accountNumber: `NEWPAYEE${n}`,
    accountHolderName: `Payee ${n}`,
  })
  const { pinFor, codeFor, send: sendUnder, balance, authorize } = transferCalls(() => t)
  /** newtrs to jane under a new key, with some fields changed. */
  const send = (c: Customer, authorization: string, amount: string, changes = {}) =>
    sendUnder(c, authorization, newKey(), amount, jane, changes)
  /** A customer who has paid jane before: no step-up for her below the limit. */
  async function customerPayingJane(balance: number) {
    const c = await payingCustomer(t, balance)
    await t.action('submitTransfer', {
      token: c.token,
      ...transferFields('1.00'),
      authorization: await authorize(c, '1.00'),
      idempotencyKey: newKey(),
      savePayee: 'on',
    })
    return c
  }

  /**
   * Sends `call` while a notice's transaction (PostgreSQL: another connection) holds the
   * customer's account row, and lets it commit 200 ms later; the call's answer. `withNotice`:
   * the transaction also writes the notice itself, not only the account's block.
   */
  async function whileNoticeIsBeingSet<T>(
    userId: number,
    withNotice: boolean,
    call: () => Promise<T>,
  ) {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let written = () => {}
    const blockWritten = new Promise<void>((resolve) => (written = resolve))
    const notice = t.db.transaction(async (tx) => {
      await tx
        .update(ledgerAccounts)
        .set({ debitsBlocked: true })
        .where(eq(ledgerAccounts.code, customerAccountCode(userId)))
      if (withNotice)
        await tx.insert(accountNotices).values({ userId, head: 'Hold', body: 'Call us.' })
      written()
      await held
    })
    await blockWritten
    const answer = call()
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    await notice
    return answer
  }

  describe('a blocked account sends nothing', () => {
    it('a notice ends the sessions: a token from before it can neither confirm a PIN, nor send, nor request', async () => {
      const c = await customerPayingJane(100_000)
      const authorization = await authorize(c, '20.00')
      const before = await balance(c)
      await t.command('notice set', c.email, 'Account suspended', 'Please call us.')
      expect((await pinFor(c, '20.00')).status).toBe(401)
      expect((await send(c, authorization, '20.00')).status).toBe(401)
      expect((await t.action('cryptoDepositForm', { token: c.token })).status).toBe(401)
      expect(await balance(c)).toBe(before)
    })

    it('the ledger refuses every debit of a blocked account, even under a session that is still live; credits still post', async () => {
      const c = await customerPayingJane(100_000)
      const authorization = await authorize(c, '20.00')
      await setAccountNotice(
        t.db,
        c.id,
        { head: 'On hold', body: 'Please call us.' },
        t.clock.now(),
      )
      // A session the notice did not end (say, one created in the same instant).
      const token = await createSession(t.db, { userId: c.id, kind: 'session', now: t.clock.now() })
      const before = await balance(c)
      expect((await send({ ...c, token }, authorization, '20.00')).body).toEqual({
        icon: 'error',
        message: messages.accountBlocked,
      })
      await expect(
        post(t.db, {
          kind: 'payment',
          lines: [
            { account: customerAccountCode(c.id), amount: -100 },
            { account: bankAccountCodes.payments, amount: 100 },
          ],
        }),
      ).rejects.toBeInstanceOf(DebitsBlocked)
      await post(t.db, {
        kind: 'deposit',
        lines: [
          { account: customerAccountCode(c.id), amount: 100 },
          { account: bankAccountCodes.received, amount: -100 },
        ],
      })
      expect(await balance(c)).toBe(before + 100)
      // Cleared, the account pays again.
      expect(await clearAccountNotice(t.db, c.id)).toBe('cleared')
      const again = await createSession(t.db, { userId: c.id, kind: 'session', now: t.clock.now() })
      const paid = await send(
        { ...c, token: again },
        await authorize({ ...c, token: again }, '20.00'),
        '20.00',
      )
      expect(paid.body.icon).toBe('success')
    })

    it('takes no new request from an account on hold, even under a session still live', async () => {
      const c = await payingCustomer(t, 0)
      await setAccountNotice(
        t.db,
        c.id,
        { head: 'On hold', body: 'Please call us.' },
        t.clock.now(),
      )
      const token = await createSession(t.db, { userId: c.id, kind: 'session', now: t.clock.now() })
      const deposit = await t.action('submitCryptoDeposit', {
        token,
        type: 'Bitcoin (BTC)',
        amount: '10.00',
        txHash: newTxHash(),
        depositPic: fileOf(png),
        idempotencyKey: newKey(),
      })
      expect(deposit.body).toEqual({ icon: 'error', message: fundingMessages.onHold })
      expect(
        await t.db.select().from(fundingRequests).where(eq(fundingRequests.userId, c.id)),
      ).toEqual([])
    })

    it.skipIf(target === 'pglite')(
      'a sign-in racing the notice waits for its commit and gets only the notice',
      async () => {
        const c = await payingCustomer(t, 0)
        const login = await whileNoticeIsBeingSet(c.id, true, () =>
          t.crud('signIn', { email: c.email, password: c.passcode }),
        )
        expect(login.body).toMatchObject({ hasNotice: true, message: 'Hold' })
      },
    )

    it.skipIf(target === 'pglite')(
      'a transfer racing the notice waits for its commit and is then refused',
      async () => {
        const c = await customerPayingJane(100_000)
        const authorization = await authorize(c, '20.00')
        const before = await balance(c)
        const transfer = await whileNoticeIsBeingSet(c.id, false, () =>
          send(c, authorization, '20.00'),
        )
        expect(transfer.body).toEqual({ icon: 'error', message: messages.accountBlocked })
        expect(await balance(c)).toBe(before)
      },
    )
  })

  describe('step-up codes cannot be guessed across authorisations', () => {
    it('10 wrong codes within the hour block transfers, new codes included, until the hour is over', async () => {
      const c = await payingCustomer(t, 1_000_000)
      let wrong = 0
      for (let round = 0; round < 2; round++) {
        const pin = await pinFor(c, '10.00', newPayee(round))
        expect(pin.body.stepUp).not.toBeNull()
        const authorization = pin.body.authorization as string
        const code = codeIn(await lastMailTo(t.db, c.email))
        for (let i = 0; i < 5; i++) {
          const answer = await codeFor(c, authorization, otherCode(code), '10.00', newPayee(round))
          wrong++
          if (wrong < 10) expect(answer.body.status).toBe(false)
          else
            expect(String(answer.body.message)).toMatch(/^Too many incorrect authorization codes/)
        }
      }
      const mails = (await mailsTo(t.db, c.email)).length
      const refused = await pinFor(c, '10.00', newPayee(3))
      expect(refused.body).toMatchObject({ status: false, stepUp: null })
      expect(String(refused.body.message)).toMatch(
        /^Too many incorrect authorization codes\. Transfers are blocked until \d\d:\d\d UTC/,
      )
      expect(refused.body.blockedUntil).toBeTypeOf('string')
      expect(await mailsTo(t.db, c.email)).toHaveLength(mails)
      t.clock.advance(60 * 60_000)
      expect((await pinFor(c, '10.00', newPayee(4))).body.status).toBe(true)
    })

    it(`e-mails at most ${stepUpMailLimit.mails} codes in ${stepUpMailLimit.windowMs / 60_000} minutes`, async () => {
      const c = await payingCustomer(t, 1_000_000)
      for (let n = 0; n < stepUpMailLimit.mails; n++)
        expect((await pinFor(c, '10.00', newPayee(n))).body.status).toBe(true)
      const refused = await pinFor(c, '10.00', newPayee(99))
      expect(refused.body).toMatchObject({ status: false, stepUp: null })
      expect(String(refused.body.message)).toMatch(/^We have already e-mailed you several/)
      expect(await mailsTo(t.db, c.email)).toHaveLength(stepUpMailLimit.mails)
      t.clock.advance(stepUpMailLimit.windowMs)
      expect((await pinFor(c, '10.00', newPayee(100))).body.status).toBe(true)
    })
  })

  it('the authorisation binds every field the customer approved: any other payee field is refused', async () => {
    const c = await customerPayingJane(100_000)
    const authorization = await authorize(c, '30.00')
    for (const changed of [
      { routingNumber: '026009593' },
      { bank: 'Evil Bank' },
      { accountHolderName: 'Mallory Thief' },
      { country: 'Nowhere' },
    ]) {
      expect((await send(c, authorization, '30.00', changed)).body).toEqual({
        icon: 'error',
        message: messages.notAuthorized,
      })
    }
    expect((await send(c, authorization, '30.00')).body.icon).toBe('success')
  })

  it(`no balance can pass ${maximumBalance} minor units: the ledger refuses the credit and changes nothing`, async () => {
    const c = await payingCustomer(t, 0)
    const credit = (amount: number) =>
      post(t.db, {
        kind: 'deposit',
        lines: [
          { account: customerAccountCode(c.id), amount },
          { account: bankAccountCodes.received, amount: -amount },
        ],
      })
    await credit(maximumBalance)
    await expect(credit(1)).rejects.toBeInstanceOf(BalanceAboveMaximum)
    expect(await balance(c)).toBe(maximumBalance)
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    // Statements still read it (no number past 2^53 on the way).
    expect((await t.action('dashboard', { token: c.token })).status).toBe(200)
  })

  it('the right PIN sent 10 times at once never blocks transfers', async () => {
    const c = await customerPayingJane(100_000)
    const answers = await Promise.all(Array.from({ length: 10 }, () => pinFor(c, '5.00')))
    expect(answers.map((answer) => answer.body.message)).toEqual(Array(10).fill(messages.pinOk))
    // Wrong PINs still block after 5, counted one after another.
    for (let i = 0; i < 5; i++) await pinFor(c, '5.00', jane, '0000')
    expect(String((await pinFor(c, '5.00')).body.message)).toMatch(/^Too many incorrect PINs/)
  })
})
