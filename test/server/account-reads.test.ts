import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateOf } from '#api/day-month-year'
import { parseAmount } from '#api/money'
import { availableBalanceOf, balanceOf, customerAccountCode } from '#server/db/ledger'
import { notifications, transactions, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { databaseTargets } from './support/databases'
import { pdfText } from './support/pdf-text'
import { startTestApp, type TestApp } from './support/test-app'

const [demo] = demoCredentials

describe.each(databaseTargets)("the signed-in customer's reads on %s", (target) => {
  let t: TestApp
  let token: string
  let demoId: number
  beforeAll(async () => {
    t = await startTestApp(target)
    token = await t.login(demo.email, demo.secret)
    const [user] = await t.db.select().from(users).where(eq(users.email, demo.email))
    demoId = user?.id as number
  })
  afterAll(() => t.close())

  it('getstatement shows the available and booked balances, totals and recent transactions', async () => {
    const { status, body } = await t.action('dashboard', { token })
    expect(status).toBe(200)
    const account = customerAccountCode(demoId)
    const balances = body.balances as { available: string; booked: string }
    expect(parseAmount(balances.available)).toBe(await availableBalanceOf(t.db, account))
    expect(parseAmount(balances.booked)).toBe(await balanceOf(t.db, account))
    expect(body.currency).toBe('$')
    expect(body.totalCredit).toBe('6250.00')
    // The settled transfer to Jane is booked; the one to ACME, in progress, is held.
    expect(body.totalDebit).toBe('330.00')
    expect(balances).toEqual({ available: '5787.50', booked: '5920.00' })
    // Two deposits and two transfers, each transfer one line with its charge inside.
    const list = body.transactions as { name: string; date: string }[]
    expect(list).toHaveLength(4)
    expect((list[0]?.date ?? '') >= (list.at(-1)?.date ?? '')).toBe(true)
    expect(body.unreadCount).toBe(1)
    expect(body.details).toBeNull()
  })

  it('the demo history obeys the live rules: its transfers are the bank’s transfers, its statement’s period holds its rows', async () => {
    const listed = await t.command('transfers list')
    expect(listed).toContain('ACME Supplies Ltd')
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, demoId))
    // The bank's charge (10 % in the demo settings), inside what left the balance.
    for (const row of rows.filter((row) => row.type === 'Bank Transfer'))
      expect(row.charge).toBe(Math.round(row.amount / 10))
    const pdf = await t.download('statementpdf', { token })
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()))
    const opened = new Date(t.clock.now().getTime() - 41 * 86_400_000)
    expect(text).toContain(`${formatDateOf(opened, 'UTC')} to `)
    expect(text).toMatch(/Opening balance\n\$0\.00/)
  })

  it('getreceipt finds the caller’s own receipt and nobody else’s', async () => {
    const [own] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, demoId))
      .limit(1)
    const found = await t.action('transactionReceipt', { token, receiptId: own?.ref2 as string })
    expect(found.body.transaction).toMatchObject({ receiptId: own?.ref2, name: own?.name })
    const [someoneElse] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoCredentials[1].email))
    await t.db.insert(transactions).values({
      userId: someoneElse?.id as number,
      ref2: 'other-ref',
      name: 'Not yours',
      transactionType: 'credit',
      type: 'Deposit',
      amount: 100,
      status: 'successful',
    })
    expect(
      (await t.action('transactionReceipt', { token, receiptId: 'other-ref' })).body.transaction,
    ).toBeNull()
    expect(
      (await t.action('transactionReceipt', { token, receiptId: 'no-such-receipt' })).body
        .transaction,
    ).toBeNull()
  })

  it('getprofile, getinstituition, getcontact and pincheck describe the customer', async () => {
    expect((await t.action('customerProfile', { token })).body.user).toMatchObject({
      fullname: 'Dana Morgan',
      username: 'dana',
      currentPlan: 'Tier 1',
      verificationStatus: 'Verified',
    })
    expect((await t.action('institutionDetails', { token })).body).toMatchObject({
      username: 'dana',
      swiftCode: 'MRDNUS33',
      routingNumber: '021000089',
      country: 'United States',
    })
    expect((await t.action('supportContacts', { token })).body).toEqual({
      contacts: {
        whatsapp: '+15550100200',
        email: 'support@meridian.example',
        phone: '+1 555 0100 200',
      },
    })
    expect((await t.action('hasTransferPin', { token })).body).toEqual({ hasPin: true })
  })

  it('marks only the caller’s unread notification as read', async () => {
    const list = (await t.action('notificationList', { token })).body
    expect(list.unreadCount).toBe(1)
    const unread = (list.notifications as { id: string; wasRead: string }[]).find(
      (n) => n.wasRead === 'no',
    )
    expect(
      (await t.action('markNotificationRead', { token, id: unread?.id as string })).body,
    ).toEqual({
      status: true,
      message: 'Marked as read',
      unreadCount: 0,
    })
    // Again: still true, so a retried request does not look like a failure.
    expect(
      (await t.action('markNotificationRead', { token, id: unread?.id as string })).body.status,
    ).toBe(true)
    expect((await t.action('markNotificationRead', { token, id: '99999999999' })).body).toEqual({
      status: false,
      message: 'Something went wrong!',
      unreadCount: 0,
    })
    const [stillUnread] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, demoId)))
    expect(stillUnread).toBeDefined()
    expect((await t.action('notificationList', { token })).body.unreadCount).toBe(0)
  })

  it('getdocs lists the document types', async () => {
    expect((await t.action('kycDocumentTypes')).body).toEqual({
      docs: [{ name: 'International Passport' }, { name: 'National ID Card' }],
    })
  })
})
