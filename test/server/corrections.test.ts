import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, bankAccountCodes, customerAccountCode, ledgerSums } from '#server/db/ledger'
import { approvals, corrections, notifications, transactions } from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { receiptFields } from '#server/statements/receipt-pdf'
import { statementCsv } from '#server/statements/statement-csv'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { fund } from './support/money'
import { type EnrolledStaff, enrolWithTotp } from './support/staff'
import { callAs, enrolTeam, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Manual corrections (issue 18, docs/decisions/079): a credit or debit of a customer's account
 * with a reference and a reason, proposed by one person with the payments role, posted through
 * the ledger against bank:corrections only when a second approves it, shown to the customer as a
 * Correction with its reason. Nothing before; once; never below zero.
 */

const sentForApproval =
  /^Sent for approval: a second member of staff with the payments role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

describe.each(databaseTargets)('manual corrections on %s', (target) => {
  let t: TestApp
  let team: Team
  let payments3: EnrolledStaff

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'corrections')
    payments3 = await enrolWithTotp(t, team.admin.actor, 'corrections-payments3@staff.test', [
      'payments',
    ])
  })
  afterAll(() => t.close())

  const balance = (userId: number) => balanceOf(t.db, customerAccountCode(userId))
  const linesOf = (userId: number) =>
    t.db.select().from(transactions).where(eq(transactions.userId, userId))
  const notificationsOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId))

  /** Proposes as `person` (Cara Diaz by default); the approval's id. */
  async function propose(fields: Record<string, string>, person = team.payments) {
    const answer = await callAs(t, person, 'correctionpropose', fields)
    expect(answer.status).toBe(200)
    expect(answer.body.status, answer.body.message as string).toBe(true)
    const id = sentForApproval.exec(answer.body.message as string)?.[1]
    expect(id, answer.body.message as string).toBeDefined()
    return id as string
  }

  const decide = (person: EnrolledStaff, id: string, fields: Record<string, string>) =>
    callAs(t, person, 'approvaldecide', { id, ...fields })

  it('a credit changes nothing until a second person approves it, then posts once as a Correction', async () => {
    const customer = await createCustomer(t)
    await fund(t, customer.id, 10_000)
    const before = { lines: await linesOf(customer.id), told: await notificationsOf(customer.id) }
    const bankBefore = await balanceOf(t.db, bankAccountCodes.corrections)
    const id = await propose({
      customer_id: String(customer.id),
      direction: 'credit',
      amount: '25.50',
      reference: 'CASE-101',
      reason: 'Service charge taken twice',
      note: 'Seen in the ledger.',
    })

    // Nothing posted, nothing shown, nothing told.
    expect(await balance(customer.id)).toBe(10_000)
    expect(await linesOf(customer.id)).toEqual(before.lines)
    expect(await notificationsOf(customer.id)).toEqual(before.told)
    const [proposed] = await t.db
      .select()
      .from(corrections)
      .where(eq(corrections.userId, customer.id))
    expect(proposed).toMatchObject({ status: 'proposed', postingId: null, amount: 2_550 })
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(id)))
    expect(approval).toMatchObject({
      action: 'corrections post',
      itemKind: 'correction',
      makerNote: 'Seen in the ledger.',
      data: expect.objectContaining({
        customer_id: customer.id,
        amount: 2_550,
        kind: 'correction',
        detail: 'Credit (CASE-101): Service charge taken twice',
        changes: [
          { field: 'Correction', from: null, to: 'Credit of $25.50' },
          { field: 'Reference', from: null, to: 'CASE-101' },
          { field: 'Reason', from: null, to: 'Service charge taken twice' },
        ],
      }),
    })

    // Not the maker, not support; the inbox shows the checkers it.
    expect((await decide(team.payments, id, { decision: 'approve' })).body).toEqual({
      status: false,
      message: 'You sent this for approval: a second member of staff must approve or reject it.',
    })
    expect((await decide(team.support, id, { decision: 'approve' })).body).toEqual({
      status: false,
      message: 'This needs the role payments; you hold support.',
    })
    const inbox = await callAs(t, team.payments2, 'approvallist')
    expect(inbox.body.approvals).toContainEqual(
      expect.objectContaining({ id: Number(id), action: 'corrections post', may_decide: true }),
    )
    expect(await balance(customer.id)).toBe(10_000)

    // Two checkers at once: it posts once.
    const [first, second] = await Promise.all([
      decide(team.payments2, id, { decision: 'approve' }),
      decide(payments3, id, { decision: 'approve' }),
    ])
    expect([first.body.status, second.body.status].sort()).toEqual([false, true])
    const done = first.body.status ? first.body : second.body
    expect(done.message).toBe(
      `Approval ${id} approved: The correction was posted: a credit of $25.50 to ${customer.email} (CASE-101).`,
    )
    expect((first.body.status ? second.body : first.body).message).toMatch(
      new RegExp(`approved approval ${id} at `),
    )
    expect(await balance(customer.id)).toBe(12_550)
    expect(await balanceOf(t.db, bankAccountCodes.corrections)).toBe(bankBefore - 2_550)
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    const [applied] = await t.db
      .select()
      .from(corrections)
      .where(eq(corrections.userId, customer.id))
    expect(applied?.status).toBe('applied')
    expect(applied?.postingId).not.toBeNull()

    // The customer: one Correction line with the reason, one notification.
    const lines = (await linesOf(customer.id)).filter((line) => line.type === 'Correction')
    expect(lines).toEqual([
      expect.objectContaining({
        name: 'Correction: Service charge taken twice',
        transactionType: 'credit',
        amount: 2_550,
        status: 'successful',
        postingId: applied?.postingId,
      }),
    ])
    const told = await notificationsOf(customer.id)
    expect(told.slice(before.told.length)).toEqual([
      expect.objectContaining({
        title: 'A correction to your account',
        body: 'We credited $25.50 to your account: Service charge taken twice',
      }),
    ])

    // On the statement, its CSV and its receipt.
    const token = await t.login(customer.email, customer.passcode)
    const page = await t.action('statementPage', { token })
    expect(page.body.transactions).toContainEqual(
      expect.objectContaining({
        name: 'Correction: Service charge taken twice',
        type: 'Correction',
        direction: 'credit',
        amount: '25.50',
      }),
    )
    let csv = ''
    for await (const chunk of statementCsv(t.db, customer.id, {}))
      csv += new TextDecoder().decode(chunk)
    expect(csv).toContain(',Correction: Service charge taken twice,credit,25.50,,successful,')
    const line = lines[0] as (typeof lines)[number]
    expect(receiptFields(line, '$')).toEqual([
      ['Ref number', line.ref2],
      ['Status', 'successful'],
      ['Description', 'Correction: Service charge taken twice'],
      ['Transaction type', 'Correction (credit)'],
      ['Date and time', expect.stringMatching(/ UTC$/)],
      ['Amount', '+$25.50'],
    ])
  })

  it('a debit beyond the available balance is refused when approved, and changes nothing', async () => {
    const customer = await createCustomer(t)
    await fund(t, customer.id, 5_000)
    const fields = (amount: string, reference: string) => ({
      customer_id: String(customer.id),
      direction: 'debit',
      amount,
      reference,
      reason: 'Deposit credited twice',
    })
    // Proposed, both are covered; approved one after the other, the second is not.
    const first = await propose(fields('40.00', 'CASE-201'))
    const second = await propose(fields('30.00', 'CASE-202'))
    expect((await decide(team.payments2, first, { decision: 'approve' })).body.status).toBe(true)
    expect(await balance(customer.id)).toBe(1_000)
    const before = { lines: await linesOf(customer.id), told: await notificationsOf(customer.id) }

    const refused = await decide(team.payments2, second, { decision: 'approve' })
    expect(refused.body).toEqual({
      status: false,
      message: `Nothing was applied: ${customer.email} has $10.00 available, less than the debit of $30.00; the approval still waits.`,
    })
    expect(await balance(customer.id)).toBe(1_000)
    expect(await linesOf(customer.id)).toEqual(before.lines)
    expect(await notificationsOf(customer.id)).toEqual(before.told)
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(second)))
    expect(approval?.status).toBe('pending')
    const [waiting] = await t.db
      .select()
      .from(corrections)
      .where(and(eq(corrections.userId, customer.id), eq(corrections.reference, 'CASE-202')))
    expect(waiting?.status).toBe('proposed')

    // The debit that posted shows as a Correction taken from the account.
    const debits = (await linesOf(customer.id)).filter((line) => line.type === 'Correction')
    expect(debits).toEqual([
      expect.objectContaining({
        transactionType: 'debit',
        amount: 4_000,
        name: 'Correction: Deposit credited twice',
      }),
    ])
    expect(receiptFields(debits[0] as (typeof debits)[number], '$').at(-1)).toEqual([
      'Amount',
      '-$40.00',
    ])

    // Rejected, it is dropped and never posts.
    const rejected = await decide(team.payments2, second, {
      decision: 'reject',
      reason: 'Already corrected by CASE-201.',
    })
    expect(rejected.body).toEqual({
      status: true,
      message: `Approval ${second} rejected; nothing was applied and the correction is dropped.`,
    })
    const [dropped] = await t.db
      .select()
      .from(corrections)
      .where(eq(corrections.reference, 'CASE-202'))
    expect(dropped?.status).toBe('dropped')
  })

  it('refuses a debit the balance does not cover when proposed, and bad input, writing nothing', async () => {
    const customer = await createCustomer(t)
    await fund(t, customer.id, 1_000)
    const count = async () =>
      (await t.db.select().from(corrections).where(eq(corrections.userId, customer.id))).length
    const base = {
      customer_id: String(customer.id),
      direction: 'debit',
      reference: 'CASE-301',
      reason: 'Test',
    }
    expect(
      (await callAs(t, team.payments, 'correctionpropose', { ...base, amount: '10.01' })).body,
    ).toEqual({
      status: false,
      message: `${customer.email} has $10.00 available, less than a debit of $10.01.`,
    })
    const zero = await callAs(t, team.payments, 'correctionpropose', { ...base, amount: '0.00' })
    expect(zero.status).toBe(400)
    expect(zero.body.message).toBe('The amount must be more than 0.00.')
    const sideways = await callAs(t, team.payments, 'correctionpropose', {
      ...base,
      direction: 'sideways',
      amount: '1.00',
    })
    expect(sideways.status).toBe(400)
    const noReason = await callAs(t, team.payments, 'correctionpropose', {
      ...base,
      reason: ' ',
      amount: '1.00',
    })
    expect(noReason.status).toBe(400)
    const unknown = await callAs(t, team.payments, 'correctionpropose', {
      ...base,
      customer_id: '999999',
      amount: '1.00',
    })
    expect(unknown.body).toEqual({ status: false, message: 'No customer with the id 999999.' })
    // Payments only: support reads the customer, and corrects nothing.
    for (const person of [team.support, team.auditor, team.kyc, team.admin])
      expect(
        (await callAs(t, person, 'correctionpropose', { ...base, amount: '1.00' })).status,
        person.email,
      ).toBe(403)
    expect(await count()).toBe(0)
  })

  it('the customer page lists the corrections, waiting or posted, for payments, support and the auditor', async () => {
    const customer = await createCustomer(t)
    await propose({
      customer_id: String(customer.id),
      direction: 'credit',
      amount: '5.00',
      reference: 'CASE-401',
      reason: 'Goodwill',
    })
    for (const person of [team.payments, team.support, team.auditor]) {
      const page = await callAs(t, person, 'customerpage', { customer_id: String(customer.id) })
      expect(page.status, person.email).toBe(200)
      expect(page.body.corrections).toEqual([
        expect.objectContaining({
          direction: 'credit',
          amount: 500,
          reference: 'CASE-401',
          reason: 'Goodwill',
          status: 'proposed',
          proposed_by: 'Cara Diaz',
        }),
      ])
    }
    expect(
      (await callAs(t, team.kyc, 'customerpage', { customer_id: String(customer.id) })).status,
    ).toBe(403)
  })

  it('npm run ops -- corrections propose waits for approval like the console', async () => {
    const customer = await createCustomer(t)
    const ops = (as: string, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const proposed = await ops(
      team.payments.email,
      'corrections',
      'propose',
      customer.email,
      'credit',
      '12.00',
      'CASE-501',
      'Interest',
      'paid',
      'late',
    )
    expect(proposed.exitCode, proposed.output).toBe(0)
    const approvalId = sentForApproval.exec(proposed.output)?.[1] as string
    expect(approvalId, proposed.output).toBeDefined()
    expect(await balance(customer.id)).toBe(0)
    expect(
      await ops(
        team.support.email,
        'corrections',
        'propose',
        customer.email,
        'credit',
        '1.00',
        'X',
        'Y',
      ),
    ).toMatchObject({ exitCode: 1 })
    expect(
      await ops(
        team.payments.email,
        'corrections',
        'propose',
        customer.email,
        'credit',
        'lots',
        'X',
        'Y',
      ),
    ).toEqual({
      exitCode: 1,
      output: 'Give the amount as a number with at most 2 decimals, more than 0.00 (50.00).',
    })
    expect(
      await ops(
        team.payments.email,
        'corrections',
        'propose',
        customer.email,
        'credit',
        '1.00',
        'X',
        'y'.repeat(201),
      ),
    ).toEqual({ exitCode: 1, output: 'The reason must be at most 200 characters.' })
    expect(await ops(team.payments2.email, 'approvals', 'approve', approvalId)).toEqual({
      exitCode: 0,
      output: `Approval ${approvalId} approved: The correction was posted: a credit of $12.00 to ${customer.email} (CASE-501).`,
    })
    expect(await balance(customer.id)).toBe(1_200)
    const [line] = (await linesOf(customer.id)).filter((row) => row.type === 'Correction')
    expect(line?.name).toBe('Correction: Interest paid late')
  })
})
