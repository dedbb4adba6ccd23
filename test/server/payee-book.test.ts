import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#server/actions/payees'
import { savedPayees, securityEvents, transactions, transfers } from '#server/db/schema'
import { payeeBookLimit, payeeKeyOf } from '#server/domain/payees'
import { decideTransfer } from '#server/domain/transfers'
import { databaseTargets } from './support/databases'
import { newKey, payingCustomer } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/** A payee as the book's add and edit take it: the transfer's payee fields but the currency. */
const harbor = {
  bank: 'Harbor Savings',
  swiftCode: 'HRBSGB2L',
  routingNumber: '021000089',
  country: 'United Kingdom',
  accountNumber: 'GB29NWBK60161331926819',
  accountHolderName: 'Ada Lovelace',
}

const northwind = {
  bank: 'Northwind Bank',
  swiftCode: 'NWBKDEFF',
  routingNumber: '370400440',
  country: 'Germany',
  accountNumber: 'DE89370400440532013000',
  accountHolderName: 'Grace Hopper',
}

/** The transfer calls take the routing number and country from `transferFields`: the same. */
const sendable = (payee: typeof harbor) => ({
  bank: payee.bank,
  swiftCode: payee.swiftCode,
  accountNumber: payee.accountNumber,
  accountHolderName: payee.accountHolderName,
})

describe.each(databaseTargets)('the payee book on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, { sessionIdleMs: 24 * 3_600_000 })
  })
  afterAll(() => t.close())

  const { pinFor, send, authorize } = transferCalls(() => t)
  type Customer = Awaited<ReturnType<typeof payingCustomer>>

  const list = async (c: Customer, search = '') =>
    (await t.action('payeeList', { token: c.token, search })).body as {
      payees: Array<typeof harbor & { id: number; nickname: string | null; unpaidDetails: boolean }>
      limit: number
    }
  const add = (c: Customer, payee = harbor, nickname = '') =>
    t.action('addPayee', { token: c.token, ...payee, nickname })
  const edit = (c: Customer, id: number | string, payee = harbor, nickname = '') =>
    t.action('editPayee', { token: c.token, payee: String(id), ...payee, nickname })
  const remove = (c: Customer, id: number | string) =>
    t.action('removePayee', { token: c.token, payee: String(id) })
  const idOf = async (c: Customer, payee = harbor) => {
    const found = (await list(c)).payees.find((each) => each.accountNumber === payee.accountNumber)
    if (!found) throw new Error(`${payee.accountHolderName} is not in the book`)
    return found.id
  }
  const stepUpFor = async (c: Customer, payee = harbor, amount = '10.00') =>
    (await pinFor(c, amount, sendable(payee))).body.stepUp
  /** A transfer to the payee, its step-up done when asked. */
  const pay = async (c: Customer, payee = harbor, amount = '10.00') => {
    const authorization = await authorize(c, amount, sendable(payee))
    const answer = await send(c, authorization, newKey(), amount, sendable(payee))
    expect(answer.body.icon).toBe('success')
  }
  const events = async (c: Customer) =>
    (
      await t.db
        .select({ kind: securityEvents.kind })
        .from(securityEvents)
        .where(eq(securityEvents.userId, c.id))
        .orderBy(securityEvents.id)
    )
      .map((row) => row.kind)
      .filter((kind) => kind.startsWith('payee_'))

  it('adds payees with a nickname or none, in the account currency, listed by the name shown', async () => {
    const c = await payingCustomer(t, 0)
    expect(await list(c)).toEqual({ payees: [], limit: payeeBookLimit })
    const added = await add(c, harbor, '  Mum  ')
    expect(added.body).toEqual({
      status: true,
      message: messages.added('Mum'),
      id: expect.any(Number),
    })
    expect((await add(c, northwind)).body.message).toBe(messages.added('Grace Hopper'))
    const book = await list(c)
    // "Grace Hopper" sorts before "Mum": the nickname where there is one, else the name.
    expect(book.payees).toEqual([
      {
        id: expect.any(Number),
        nickname: null,
        ...northwind,
        currency: 'USD',
        unpaidDetails: true,
      },
      {
        id: added.body.id,
        nickname: 'Mum',
        ...harbor,
        currency: 'USD',
        unpaidDetails: true,
      },
    ])
    // The transfer form's picker lists the same entries, with their nicknames.
    const form = await t.action('transferList', { token: c.token })
    expect(form.body.payees).toEqual(
      book.payees.map(({ unpaidDetails: _unpaid, ...payee }) => payee),
    )
    expect(await events(c)).toEqual(['payee_added', 'payee_added'])
  })

  it('searches by nickname, name, bank and account number, any case, spaces and wildcards taken as typed', async () => {
    const c = await payingCustomer(t, 0)
    await add(c, harbor, 'Rent 100%')
    await add(c, northwind, 'Office')
    const names = async (search: string) =>
      (await list(c, search)).payees.map((payee) => payee.accountHolderName)
    expect(await names('rent')).toEqual(['Ada Lovelace'])
    expect(await names('GRACE')).toEqual(['Grace Hopper'])
    expect(await names('northwind')).toEqual(['Grace Hopper'])
    expect(await names('gb29 nwbk')).toEqual(['Ada Lovelace'])
    expect(await names('0532013')).toEqual(['Grace Hopper'])
    expect(await names('100%')).toEqual(['Ada Lovelace'])
    expect(await names('%')).toEqual(['Ada Lovelace'])
    expect(await names('_')).toEqual([])
    // By nickname: "Office" before "Rent 100%".
    expect(await names('  ')).toEqual(['Grace Hopper', 'Ada Lovelace'])
    expect(await names('nobody')).toEqual([])
  })

  it('keeps one entry per SWIFT/BIC and account number, and refuses an add beyond the limit', async () => {
    const c = await payingCustomer(t, 0)
    await add(c, harbor, 'Mum')
    const again = await add(c, { ...harbor, swiftCode: 'hrbsgb2l', accountHolderName: 'Other' })
    expect(again.body).toEqual({ status: false, message: messages.duplicate('Mum') })
    await t.db.insert(savedPayees).values(
      Array.from({ length: payeeBookLimit - 1 }, (_, n) => ({
        userId: c.id,
        payeeKey: `FILLGB2L/${n}`,
        bank: 'Fill',
        swift: 'FILLGB2L',
        routing: '1',
        country: 'United Kingdom',
        actNo: `ACCT${n}`,
        actHoldName: `Filler ${n}`,
        currency: 'USD',
      })),
    )
    expect((await add(c, northwind)).body).toEqual({ status: false, message: messages.full })
    expect((await list(c)).payees).toHaveLength(payeeBookLimit)
    expect(await events(c)).toEqual(['payee_added'])
  })

  it('asks a step-up for the first transfer to an added payee, not for the next', async () => {
    const c = await payingCustomer(t, 100_000)
    await add(c, harbor, 'Mum')
    expect(await stepUpFor(c)).toMatchObject({ body: expect.stringContaining('new payee') })
    await pay(c)
    expect(await stepUpFor(c)).toBeNull()
    expect((await list(c)).payees[0]?.unpaidDetails).toBe(false)
  })

  it('counts edited account details as a new payee until a transfer to them, and a nickname alone as no change', async () => {
    const c = await payingCustomer(t, 100_000)
    // Saved with a transfer to it: a known payee, as before the book.
    await pay(c, harbor)
    const saved = await send(
      c,
      await authorize(c, '10.00', sendable(harbor)),
      newKey(),
      '10.00',
      sendable(harbor),
      { savePayee: 'on' },
    )
    expect(saved.body.icon).toBe('success')
    const id = await idOf(c)
    expect((await list(c)).payees[0]).toMatchObject({ nickname: null, unpaidDetails: false })
    expect(await stepUpFor(c)).toBeNull()

    const renamed = await edit(c, id, harbor, 'Ada')
    expect(renamed.body).toEqual({ status: true, message: messages.renamed('Ada'), id })
    expect(await stepUpFor(c)).toBeNull()

    // The holder's name alone changes: the SWIFT/BIC and account are the same, yet it is new.
    const moved = { ...harbor, accountHolderName: 'Ada King' }
    const changed = await edit(c, id, moved, 'Ada')
    expect(changed.body).toEqual({ status: true, message: messages.detailsChanged('Ada'), id })
    expect((await list(c)).payees[0]).toMatchObject({ ...moved, unpaidDetails: true })
    expect(await stepUpFor(c, moved)).toMatchObject({
      body: expect.stringContaining('new payee'),
    })
    // The old details typed by hand are not what the book says now: still a step-up.
    expect(await stepUpFor(c, harbor)).not.toBeNull()
    await pay(c, moved)
    expect(await stepUpFor(c, moved)).toBeNull()
    expect((await list(c)).payees[0]?.unpaidDetails).toBe(false)

    // The bank fails that transfer: nothing reached the new details, so they are new again.
    const [last] = await t.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.userId, c.id), eq(transfers.actHoldName, 'Ada King')))
    await decideTransfer(t.db, last?.id as number, { settle: false }, t.clock.now())
    // Past the window of step-up e-mails (5 in 15 minutes) this test has filled.
    t.clock.advance(16 * 60_000)
    expect(await stepUpFor(c, moved)).not.toBeNull()
    expect(await events(c)).toEqual(['payee_details_changed'])
  })

  it('moves an entry to other account details, and refuses those of another entry', async () => {
    const c = await payingCustomer(t, 100_000)
    await add(c, harbor, 'Mum')
    await add(c, northwind, 'Office')
    const mum = await idOf(c, harbor)
    const onto = await edit(c, mum, northwind, 'Mum')
    expect(onto.body).toEqual({ status: false, message: messages.duplicate('Office') })
    const elsewhere = { ...harbor, swiftCode: 'ELSEGB2L', accountNumber: 'GB00ELSE0001' }
    expect((await edit(c, mum, elsewhere, 'Mum')).body.status).toBe(true)
    const [row] = await t.db.select().from(savedPayees).where(eq(savedPayees.id, mum))
    expect(row).toMatchObject({
      payeeKey: payeeKeyOf(elsewhere),
      swift: 'ELSEGB2L',
      actNo: 'GB00ELSE0001',
      nickname: 'Mum',
    })
    // Its old account, paid never and no longer in the book: a new payee too.
    expect(await stepUpFor(c, harbor)).not.toBeNull()
  })

  it('lets a customer touch only their own payees', async () => {
    const owner = await payingCustomer(t, 0)
    const other = await payingCustomer(t, 0)
    await add(owner, harbor, 'Mum')
    const id = await idOf(owner)
    expect((await list(other)).payees).toEqual([])
    expect((await edit(other, id, northwind, 'Mine')).body).toEqual({
      status: false,
      message: messages.missing,
    })
    expect((await remove(other, id)).body).toEqual({ status: false, message: messages.missing })
    // An id past the id column's range is no payee of anyone's, not a database error.
    for (const past of ['2147483648', '99999999999'])
      expect((await remove(other, past)).body).toEqual({ status: false, message: messages.missing })
    expect((await edit(other, '99999999999', northwind, 'Mine')).body).toEqual({
      status: false,
      message: messages.missing,
    })
    expect((await list(owner)).payees).toEqual([
      expect.objectContaining({ id, nickname: 'Mum', ...harbor }),
    ])
    expect(await events(other)).toEqual([])
  })

  it('removes a payee without changing past transfers or their receipts', async () => {
    const c = await payingCustomer(t, 100_000)
    await add(c, harbor, 'Mum')
    await pay(c)
    const id = await idOf(c)
    const receiptsBefore = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, c.id), eq(transactions.type, 'Bank Transfer')))
    const removed = await remove(c, id)
    expect(removed.body).toEqual({ status: true, message: messages.removed('Mum') })
    expect((await list(c)).payees).toEqual([])
    expect((await remove(c, id)).body).toEqual({ status: false, message: messages.missing })
    const receiptsAfter = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, c.id), eq(transactions.type, 'Bank Transfer')))
    expect(receiptsAfter).toEqual(receiptsBefore)
    const receipt = await t.action('transactionReceipt', {
      token: c.token,
      receiptId: receiptsBefore[0]?.ref2 ?? '',
    })
    expect(receipt.body.transaction).toMatchObject({
      accountHolderName: harbor.accountHolderName,
      accountNumber: harbor.accountNumber,
    })
    expect(await events(c)).toEqual(['payee_added', 'payee_removed'])
  })

  it('refuses bad fields in words, with nothing changed', async () => {
    const c = await payingCustomer(t, 0)
    await add(c, harbor, 'Mum')
    const id = await idOf(c)
    const refused = [
      await add(c, { ...harbor, swiftCode: 'NOPE' }),
      await add(c, harbor, 'x'.repeat(41)),
      await add(c, { ...harbor, accountHolderName: '  ' }),
      await edit(c, id, { ...harbor, accountNumber: 'GB-29' }),
      await t.action('editPayee', { token: c.token, payee: 'mum', ...harbor, nickname: '' }),
      await t.action('removePayee', { token: c.token, payee: '-1' }),
      await t.action('payeeList', { token: c.token, search: 's'.repeat(61) }),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 400])
    expect(refused.map((answer) => answer.body.message)).toEqual([
      'The SWIFT code must be a SWIFT/BIC code (8 or 11 characters).',
      'The nickname must be at most 40 characters.',
      "The account holder's name is required.",
      'The account number must be 4 to 34 letters or digits.',
      'The payee must be a numeric id.',
      'The payee must be a numeric id.',
      'The search must be at most 60 characters.',
    ])
    expect((await t.action('payeeList', { search: '' })).status).toBe(401)
    expect((await list(c)).payees).toEqual([
      expect.objectContaining({ id, nickname: 'Mum', ...harbor }),
    ])
  })
})
