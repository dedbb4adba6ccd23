import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#server/actions/transfers'
import { balanceOf, bankAccountCodes, customerTotals, ledgerSums } from '#server/db/ledger'
import {
  bankSettings,
  holds,
  ledgerEntries,
  notifications,
  savedPayees,
  stepUpLimits,
  transactions,
  transfers,
} from '#server/db/schema'
import { decideTransfer } from '#server/domain/transfers'
import { bothDatabases } from './support/databases'
import { codeIn, lastMailTo, mailsTo, otherCode } from './support/mailbox'
import { jane, newKey, payingCustomer, transferFields } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

const acme = {
  bank: 'Northwind Savings',
  swiftCode: 'NWSVDEFF',
  accountNumber: '55500012',
  accountHolderName: 'ACME Supplies Ltd',
}

describe.each(bothDatabases)('transfers on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    // These tests move the clock past PIN blocks and code lifetimes; the idle timeout of the
    // session is not what they test (session-timeout.test.ts does), so it is set out of the way.
    t = await startTestApp(target, { sessionIdleMs: 24 * 3_600_000 })
  })
  afterAll(() => t.close())

  const { pinFor, codeFor, send, balance, booked, authorize } = transferCalls(() => t)

  it('getperc gives the configured service charge percent (10 by default) and the balance', async () => {
    const c = await payingCustomer(t, 12_345)
    expect((await t.action('transferCharge', { token: c.token })).body).toEqual({
      percent: { percent: 10 },
      balances: { available: '123.45' },
      currency: '$',
    })
  })

  it('sends to a known payee below the limit without a step-up: the amount is held at once, one line with its charge inside, nothing posted until the bank settles', async () => {
    const c = await payingCustomer(t, 100_000)
    // A payee saved earlier is known: no step-up for it below the plan's limit.
    const first = await authorize(c, '10.00')
    expect((await send(c, first, newKey(), '10.00', jane, { savePayee: 'on' })).body.icon).toBe(
      'success',
    )
    const pin = await pinFor(c, '200.00')
    expect(pin.body).toMatchObject({ status: true, stepUp: null })
    const answer = await send(c, pin.body.authorization as string, newKey(), '200.00')
    expect(answer.body).toMatchObject({
      icon: 'success',
      message: 'Transfer Submitted',
      bank: jane.bank,
      accountHolderName: jane.accountHolderName,
      amount: '200.00',
      currency: '$',
      extra: '{}',
    })
    // Held on the available balance; the booked balance moves when the bank settles.
    expect(await balance(c)).toBe(100_000 - 1_000 - 20_000)
    expect(await booked(c)).toBe(100_000)
    const rows = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, c.id))
      .orderBy(transactions.id)
    // One line per transfer: what left the balance, its charge inside (the payee gets the rest).
    expect(
      rows
        .filter((row) => row.transactionType === 'debit')
        .map((row) => [row.type, row.amount, row.charge, row.currency]),
    ).toEqual([
      ['Bank Transfer', 1_000, 100, 'USD'],
      ['Bank Transfer', 20_000, 2_000, 'USD'],
    ])
    expect(
      rows.every((row) => row.status === 'in_progress' || row.transactionType === 'credit'),
    ).toBe(true)
    expect(await customerTotals(t.db, c.id)).toEqual({ credit: 100_000, debit: 0 })
    expect(
      rows.filter((row) => row.transactionType === 'debit').every((row) => row.postingId === null),
    ).toBe(true)
    const list = await t.action('transferList', { token: c.token })
    expect(list.body.payees).toEqual([
      expect.objectContaining({
        accountNumber: jane.accountNumber,
        swiftCode: jane.swiftCode,
        accountHolderName: 'Jane Doe',
      }),
    ])
    expect((list.body.transactions as unknown[]).length).toBe(2)
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
  })

  it('refuses newtrs without a valid authorization, and for another amount or payee than authorised', async () => {
    const c = await payingCustomer(t, 50_000)
    const bogus = await send(c, 'x'.repeat(24), newKey(), '10.00')
    expect(bogus.body).toEqual({ icon: 'error', message: messages.notAuthorized })
    const authorization = await authorize(c, '10.00')
    expect((await send(c, authorization, newKey(), '10.01')).body.message).toBe(
      messages.notAuthorized,
    )
    expect((await send(c, authorization, newKey(), '10.00', acme)).body.message).toBe(
      messages.notAuthorized,
    )
    expect(await balance(c)).toBe(50_000)
    // The authorization is consumed once: a second submission (another key) is refused.
    expect((await send(c, authorization, newKey(), '10.00')).body.icon).toBe('success')
    expect((await send(c, authorization, newKey(), '10.00')).body.message).toBe(
      messages.notAuthorized,
    )
    expect(await balance(c)).toBe(49_000)
  })

  it('answers a replayed idempotency key with the first answer and moves no money twice; refuses the key with other fields', async () => {
    const c = await payingCustomer(t, 50_000)
    const authorization = await authorize(c, '25.00')
    const key = newKey()
    const first = await send(c, authorization, key, '25.00')
    expect(first.body.icon).toBe('success')
    t.clock.advance(1_000)
    const again = await send(c, authorization, key, '25.00')
    expect(again).toEqual(first)
    expect(await balance(c)).toBe(47_500)
    expect(await t.db.select().from(transfers).where(eq(transfers.userId, c.id))).toHaveLength(1)
    const other = await send(c, authorization, key, '26.00')
    expect(other.body).toEqual({ icon: 'error', message: messages.keyReused })
    expect(await balance(c)).toBe(47_500)
  })

  it('consumes nothing under a key already used: that authorisation still pays under a new key', async () => {
    const c = await payingCustomer(t, 50_000)
    const key = newKey()
    expect((await send(c, await authorize(c, '5.00'), key, '5.00')).body.icon).toBe('success')
    const other = await authorize(c, '6.00')
    expect((await send(c, other, key, '6.00')).body).toEqual({
      icon: 'error',
      message: messages.keyReused,
    })
    expect(await balance(c)).toBe(49_500)
    expect((await send(c, other, newKey(), '6.00')).body.icon).toBe('success')
    expect(await balance(c)).toBe(48_900)
  })

  it('saves the payee only with a transfer that posts', async () => {
    const c = await payingCustomer(t, 10_000)
    const payees = async () =>
      (await t.db.select().from(savedPayees).where(eq(savedPayees.userId, c.id))).map(
        (payee) => payee.actNo,
      )
    const tooMuch = await authorize(c, '200.00', acme)
    expect(
      (await send(c, tooMuch, newKey(), '200.00', acme, { savePayee: 'on' })).body.message,
    ).toBe(messages.insufficient)
    expect(await payees()).toEqual([])
    const fine = await authorize(c, '20.00', acme)
    expect((await send(c, fine, newKey(), '20.00', acme, { savePayee: 'on' })).body.icon).toBe(
      'success',
    )
    expect(await payees()).toEqual([acme.accountNumber])
  })

  it('takes only the account’s currency (its code or symbol) and refuses another with a clear message, moving nothing', async () => {
    const c = await payingCustomer(t, 10_000)
    const inEuro = { ...transferFields('1.00'), currency: 'EUR' }
    expect(
      (await t.action('confirmTransferPin', { token: c.token, pin: '2468', ...inEuro })).body,
    ).toMatchObject({ status: false, message: messages.otherCurrency('USD') })
    const authorization = await authorize(c, '1.00')
    expect(
      (
        await t.action('submitTransfer', {
          token: c.token,
          ...inEuro,
          authorization,
          idempotencyKey: newKey(),
        })
      ).body,
    ).toEqual({ icon: 'error', message: messages.otherCurrency('USD') })
    expect(await balance(c)).toBe(10_000)
    // The same authorisation still pays in the account's currency, here named by its symbol.
    const answer = await send(c, authorization, newKey(), '1.00', jane, { currency: '$' })
    expect(answer.body).toMatchObject({ icon: 'success', currency: '$' })
    const [held] = await t.db.select().from(transfers).where(eq(transfers.userId, c.id))
    expect(held?.currency).toBe('USD')
    // Settled, it posts in the account's currency.
    await decideTransfer(t.db, held?.id as number, { settle: true }, t.clock.now())
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, c.id))
    const entries = await t.db.execute(
      sql`select distinct e.currency from ledger_entries e where e.posting_id = ${transfer?.postingId}`,
    )
    expect((entries as unknown as { rows: { currency: string }[] }).rows).toEqual([
      { currency: 'USD' },
    ])
  })

  it('refuses an overdraft and keeps that answer for the key', async () => {
    const c = await payingCustomer(t, 5_000)
    const authorization = await authorize(c, '50.01')
    const key = newKey()
    expect((await send(c, authorization, key, '50.01')).body).toEqual({
      icon: 'error',
      message: 'Insufficient balance',
    })
    expect((await send(c, authorization, key, '50.01')).body).toEqual({
      icon: 'error',
      message: 'Insufficient balance',
    })
    expect(await balance(c)).toBe(5_000)
    expect(
      await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, c.id), eq(transactions.transactionType, 'debit'))),
    ).toEqual([])
    // The whole balance is fine: the charge is part of the amount.
    const all = await authorize(c, '50.00')
    expect((await send(c, all, newKey(), '50.00')).body.icon).toBe('success')
    expect(await balance(c)).toBe(0)
  })

  it('asks a step-up for a new payee: a 6-digit code bound to the amount and payee, stated in the e-mail, single use, 5 tries', async () => {
    const c = await payingCustomer(t, 100_000)
    const pin = await pinFor(c, '120.50', acme)
    expect(pin.body).toMatchObject({
      status: true,
      stepUp: {
        head: 'Transfer Authorization Code',
        body: expect.stringContaining('new payee'),
      },
    })
    const authorization = pin.body.authorization as string
    const mail = await lastMailTo(t.db, c.email)
    expect(mail.textBody).toContain('$120.50')
    expect(mail.textBody).toContain('ACME Supplies Ltd')
    expect(mail.textBody).toContain(acme.accountNumber)
    const code = codeIn(mail)
    // Not yet authorised: newtrs is refused, and that refusal does not use up the key.
    const key = newKey()
    expect((await send(c, authorization, key, '120.50', acme)).body.message).toBe(
      messages.notAuthorized,
    )
    // Bound: the right code for another amount or payee is refused (and spends a try).
    expect((await codeFor(c, authorization, code, '120.51', acme)).body).toEqual({
      status: false,
      message: messages.codeOtherTransfer(4),
      triesLeft: 4,
    })
    expect((await codeFor(c, authorization, code, '120.50', jane)).body).toMatchObject({
      status: false,
      triesLeft: 3,
    })
    expect((await codeFor(c, authorization, otherCode(code), '120.50', acme)).body).toEqual({
      status: false,
      message: messages.codeWrong(2),
      triesLeft: 2,
    })
    expect((await codeFor(c, authorization, code, '120.50', acme)).body).toEqual({
      status: true,
      message: messages.codeOk,
    })
    // Single use: the same code again is refused.
    expect((await codeFor(c, authorization, code, '120.50', acme)).body).toEqual({
      status: false,
      message: messages.codeUsed,
    })
    expect((await send(c, authorization, key, '120.50', acme)).body.icon).toBe('success')
    // A new authorization for the same transfer gets its own code: the old one does not work.
    const second = await pinFor(c, '120.50', acme, '2468')
    const newCode = codeIn(await lastMailTo(t.db, c.email))
    if (newCode !== code) {
      expect(
        (await codeFor(c, second.body.authorization as string, code, '120.50', acme)).body.status,
      ).toBe(false)
    }
  })

  it('kills a step-up code after 5 tries, and asks one above the plan’s limit', async () => {
    const c = await payingCustomer(t, 500_000)
    await t.db
      .insert(stepUpLimits)
      .values({ planName: 'Tier 1', limit: 150_000 })
      .onConflictDoNothing()
    const known = await authorize(c, '1.00')
    await send(c, known, newKey(), '1.00', jane, { savePayee: 'on' })
    expect((await pinFor(c, '1500.00')).body.stepUp).toBeNull()
    const above = await pinFor(c, '1500.01')
    expect(above.body.stepUp).toMatchObject({
      body: expect.stringContaining('above your plan'),
    })
    const code = codeIn(await lastMailTo(t.db, c.email))
    const authorization = above.body.authorization as string
    for (let left = 4; left >= 0; left--)
      expect((await codeFor(c, authorization, otherCode(code), '1500.01')).body.triesLeft).toBe(
        left,
      )
    expect((await codeFor(c, authorization, code, '1500.01')).body).toEqual({
      status: false,
      message: messages.codeDead,
      triesLeft: 0,
    })
    // Expired after 10 minutes, too.
    const late = await pinFor(c, '1500.01')
    t.clock.advance(10 * 60_000 + 1)
    const lateCode = codeIn(await lastMailTo(t.db, c.email))
    expect(
      (await codeFor(c, late.body.authorization as string, lateCode, '1500.01')).body.status,
    ).toBe(false)
  })

  it('blocks transfers after 5 wrong PINs, tells until when and how many tries were left, and refuses the right PIN meanwhile', async () => {
    const c = await payingCustomer(t, 10_000)
    for (let left = 4; left >= 1; left--)
      expect((await pinFor(c, '1.00', jane, '0000')).body).toEqual({
        status: false,
        message: messages.wrongPin(left),
        stepUp: null,
        triesLeft: left,
      })
    const fifth = await pinFor(c, '1.00', jane, '0000')
    const until = new Date(t.clock.now().getTime() + 30 * 60_000)
    expect(fifth.body).toMatchObject({
      status: false,
      triesLeft: 0,
      blockedUntil: until.toISOString(),
    })
    expect(fifth.body.message).toBe(messages.blocked(until))
    const right = await pinFor(c, '1.00')
    expect(right.body).toMatchObject({ status: false, blockedUntil: until.toISOString() })
    expect(right.body.authorization).toBeUndefined()
    t.clock.advance(30 * 60_000)
    expect((await pinFor(c, '1.00')).body.status).toBe(true)
  })

  it('settles a transfer (posted from its hold) or fails it (the hold released, nothing moved), and tells the customer; a decided transfer stays decided', async () => {
    const c = await payingCustomer(t, 30_000)
    const a = await authorize(c, '100.00')
    await send(c, a, newKey(), '100.00')
    const b = await authorize(c, '50.00')
    await send(c, b, newKey(), '50.00')
    expect([await balance(c), await booked(c)]).toEqual([15_000, 30_000])
    const entriesBefore = await t.db.$count(ledgerEntries)
    const [settled, failed] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.userId, c.id))
      .orderBy(transfers.id)
    expect(await decideTransfer(t.db, settled?.id as number, { settle: true }, t.clock.now())).toBe(
      `Transfer ${settled?.id} settled.`,
    )
    // Settled: the held $100.00 leaves the booked balance, $90.00 out and $10.00 in fees.
    expect([await balance(c), await booked(c)]).toEqual([15_000, 20_000])
    expect(await t.db.$count(ledgerEntries)).toBe(entriesBefore + 4)
    expect(
      await decideTransfer(
        t.db,
        failed?.id as number,
        { settle: false, reason: 'Beneficiary bank refused' },
        t.clock.now(),
      ),
    ).toBe(`Transfer ${failed?.id} failed; the $50.00 held for it is available again.`)
    // Failed: the hold is released; nothing was posted for it, so there is nothing to refund.
    expect([await balance(c), await booked(c)]).toEqual([20_000, 20_000])
    expect(await t.db.$count(ledgerEntries)).toBe(entriesBefore + 4)
    expect(await customerTotals(t.db, c.id)).toEqual({ credit: 30_000, debit: 10_000 })
    const lines = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, c.id), eq(transactions.transactionType, 'debit')))
      .orderBy(transactions.id)
    expect(lines.map((row) => [row.status, row.postingId !== null])).toEqual([
      ['successful', true],
      ['failed', false],
    ])
    expect(lines[1]?.note).toBe('Beneficiary bank refused')
    const holdStates = await t.db
      .select({ state: holds.state })
      .from(holds)
      .where(inArray(holds.id, [settled?.holdId as number, failed?.holdId as number]))
      .orderBy(holds.id)
    expect(holdStates.map((row) => row.state)).toEqual(['posted', 'voided'])
    // Both outcomes are told, in the portal and by e-mail.
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.id))
      .orderBy(notifications.id)
    expect(notes.slice(-2)).toMatchObject([
      {
        title: 'Transfer completed',
        body: `Your transfer of $100.00 to ${jane.accountHolderName} is complete: the payee received $90.00.`,
      },
      { title: 'Transfer failed', body: expect.stringContaining('Beneficiary bank refused') },
    ])
    const mails = await mailsTo(t.db, c.email)
    expect(mails.slice(-2).map((mail) => mail.subject)).toEqual([
      'Meridian Bank: your transfer is complete',
      'Meridian Bank: your transfer could not be completed',
    ])
    expect(mails.at(-1)?.textBody).toContain(
      'Nothing left your account: the $50.00 held for it, service charge included, is available again.',
    )
    await expect(
      decideTransfer(t.db, settled?.id as number, { settle: false }, t.clock.now()),
    ).rejects.toThrow('already successful')
    expect(await balanceOf(t.db, bankAccountCodes.fees)).toBeGreaterThan(0)
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
  })

  it('uses the configured service charge percent', async () => {
    await t.db.update(bankSettings).set({ serviceChargeBasisPoints: 250 })
    try {
      const c = await payingCustomer(t, 10_000)
      expect((await t.action('transferCharge', { token: c.token })).body.percent).toEqual({
        percent: 2.5,
      })
      await send(c, await authorize(c, '40.00'), newKey(), '40.00')
      const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, c.id))
      expect(transfer).toMatchObject({ amount: 4_000, charge: 100 })
    } finally {
      await t.db.update(bankSettings).set({ serviceChargeBasisPoints: 1000 })
    }
  })

  it('checks the fields: SWIFT shape, account number, amount with at most 2 decimals', async () => {
    const c = await payingCustomer(t, 1_000)
    const bad = await t.action('submitTransfer', {
      token: c.token,
      ...transferFields('1.001'),
      swiftCode: 'nope',
      authorization: 'x'.repeat(24),
      idempotencyKey: newKey(),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/The SWIFT code must be a SWIFT\/BIC code/)
    expect(bad.body.message).toMatch(/The amount must be an amount with at most 2 decimals\./)
    expect(await mailsTo(t.db, c.email)).toEqual([])
  })

  it.runIf(target === 'postgres')(
    '50 parallel transfers that together exceed the balance leave it at zero or above, and the books balanced',
    async () => {
      const c = await payingCustomer(t, 100_000)
      const first = await authorize(c, '1.00')
      await send(c, first, newKey(), '1.00', jane, { savePayee: 'on' })
      const authorizations: string[] = []
      for (let i = 0; i < 50; i++) authorizations.push(await authorize(c, '30.00'))
      const answers = await Promise.all(authorizations.map((a) => send(c, a, newKey(), '30.00')))
      const succeeded = answers.filter((answer) => answer.body.icon === 'success').length
      expect(succeeded).toBe(Math.floor(99_900 / 3_000))
      for (const answer of answers)
        if (answer.body.icon !== 'success') expect(answer.body.message).toBe('Insufficient balance')
      expect(await balance(c)).toBe(99_900 - succeeded * 3_000)
      expect(await balance(c)).toBeGreaterThanOrEqual(0)
      expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    },
  )

  it.runIf(target === 'postgres')(
    'parallel submissions under one key move the money once and all get the first answer; one authorisation pays once',
    async () => {
      const c = await payingCustomer(t, 100_000)
      const first = await authorize(c, '1.00')
      await send(c, first, newKey(), '1.00', jane, { savePayee: 'on' })
      const before = await balance(c)
      const authorization = await authorize(c, '20.00')
      const key = newKey()
      const sameKey = await Promise.all(
        Array.from({ length: 8 }, () => send(c, authorization, key, '20.00')),
      )
      for (const answer of sameKey) expect(answer.body).toEqual(sameKey[0]?.body)
      expect(sameKey[0]?.body.icon).toBe('success')
      expect(await balance(c)).toBe(before - 2_000)
      // Another authorisation sent under several keys at once: one transfer, the rest refused.
      const once = await authorize(c, '20.00')
      const keys = await Promise.all(
        Array.from({ length: 8 }, () => send(c, once, newKey(), '20.00')),
      )
      expect(keys.filter((answer) => answer.body.icon === 'success')).toHaveLength(1)
      for (const answer of keys)
        if (answer.body.icon !== 'success') expect(answer.body.message).toBe(messages.notAuthorized)
      expect(await balance(c)).toBe(before - 4_000)
      // Several authorisations under one key at once: one pays; the others are refused as
      // other fields, and stay unused.
      const shared = newKey()
      const several = [
        await authorize(c, '20.00'),
        await authorize(c, '20.00'),
        await authorize(c, '20.00'),
      ]
      const answers = await Promise.all(several.map((a) => send(c, a, shared, '20.00')))
      expect(answers.filter((answer) => answer.body.icon === 'success')).toHaveLength(1)
      for (const answer of answers)
        if (answer.body.icon !== 'success') expect(answer.body.message).toBe(messages.keyReused)
      expect(await balance(c)).toBe(before - 6_000)
      const unused = several.filter((_, index) => answers[index]?.body.icon !== 'success')
      for (const a of unused)
        expect((await send(c, a, newKey(), '20.00')).body.icon).toBe('success')
      expect(await balance(c)).toBe(before - 10_000)
      expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    },
  )
})
