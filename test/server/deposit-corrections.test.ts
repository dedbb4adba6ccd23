import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, customerAccountCode } from '#server/db/ledger'
import { approvals, fundingRequests, notifications, transactions } from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { callAs, enrolTeam, fundingRequest, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * A deposit confirmed with the amount the bank actually received (issue 18, docs/decisions/079):
 * that amount is credited and the customer reads why; the four-eyes threshold (10,000.00 by
 * default) is judged on it; the approval shows the claim and the amount received, and is stale
 * when the request was decided otherwise since.
 */

const sentForApproval =
  /^Sent for approval: a second member of staff with the payments role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

describe.each(databaseTargets)('deposits confirmed with the amount received on %s', (target) => {
  let t: TestApp
  let team: Team

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'received')
  })
  afterAll(() => t.close())

  async function request(amount: number, kind: 'deposit' | 'payment' = 'deposit') {
    const customer = await createCustomer(t)
    await fundingRequest(t, customer.id, kind, amount)
    const [row] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    return { customer, id: String(row?.id) }
  }

  const confirm = (id: string, amount: string, reason: string, person = team.payments) =>
    callAs(t, person, 'requestdecide', {
      id,
      decision: 'confirm',
      corrected_amount: amount,
      correction_reason: reason,
    })

  const balance = (userId: number) => balanceOf(t.db, customerAccountCode(userId))
  const requestRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(fundingRequests)
        .where(eq(fundingRequests.id, Number(id)))
    )[0]

  it('below the threshold one person credits the amount received, and the customer reads why', async () => {
    const { customer, id } = await request(100_000)
    const reason = 'The network fee was taken on the way'
    const answer = await confirm(id, '950.00', reason)
    expect(answer.body).toEqual({ status: true, message: `Request ${id} confirmed.` })
    expect(await balance(customer.id)).toBe(95_000)
    expect(await requestRow(id)).toMatchObject({
      status: 'confirmed',
      amount: 100_000,
      correctedAmount: 95_000,
      correctionReason: reason,
    })
    const [line] = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, customer.id))
    expect(line).toMatchObject({
      name: `Crypto deposit (Bitcoin (BTC)), corrected: ${reason}`,
      type: 'Crypto Deposit',
      amount: 95_000,
    })
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id))
    expect(told).toMatchObject({
      title: 'Your deposit was confirmed',
      body: `Your deposit of $1,000.00 was confirmed as $950.00, the amount we received (${reason}). It is now in your balance.`,
    })
    const opened = await callAs(t, team.auditor, 'requestcase', { id })
    expect(opened.body).toMatchObject({
      amount: 100_000,
      corrected_amount: 95_000,
      correction_reason: reason,
    })
  })

  it('the threshold is judged on the amount received: above it, a second person approves both amounts shown', async () => {
    // The claim is below 10,000.00, what arrived above it.
    const { customer, id } = await request(900_000)
    const answer = await confirm(id, '12000.00', 'A second payment arrived with the same hash')
    const approvalId = sentForApproval.exec(answer.body.message as string)?.[1] as string
    expect(approvalId, answer.body.message as string).toBeDefined()
    expect(await balance(customer.id)).toBe(0)
    expect((await requestRow(id))?.correctedAmount).toBeNull()
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(approvalId)))
    expect(approval).toMatchObject({
      terms: { amount: 1_200_000, reason: 'A second payment arrived with the same hash' },
      data: expect.objectContaining({
        amount: 1_200_000,
        detail: 'Bitcoin (BTC); $9,000.00 claimed, $12,000.00 received',
        changes: [
          { field: 'Amount', from: '$9,000.00', to: '$12,000.00' },
          { field: 'Why', from: null, to: 'A second payment arrived with the same hash' },
        ],
      }),
    })
    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: Request ${id} confirmed.`,
    })
    expect(await balance(customer.id)).toBe(1_200_000)
    expect(await requestRow(id)).toMatchObject({
      correctedAmount: 1_200_000,
      decidedByStaffId: team.payments2.id,
    })

    // The other way round: a large claim of which little arrived needs one person.
    const small = await request(2_000_000)
    expect((await confirm(small.id, '50.00', 'Only 50.00 arrived')).body).toEqual({
      status: true,
      message: `Request ${small.id} confirmed.`,
    })
    expect(await balance(small.customer.id)).toBe(5_000)
  })

  it('an approval is stale when the request was confirmed with another amount since, and credits once', async () => {
    const { customer, id } = await request(2_000_000)
    const sent = await confirm(id, '15000.00', 'Part of it arrived')
    const approvalId = sentForApproval.exec(sent.body.message as string)?.[1] as string
    // A second person finds that less arrived still, below the threshold: confirmed at once.
    const other = await confirm(id, '900.00', 'Only 900.00 arrived', team.payments2)
    expect(other.body).toEqual({ status: true, message: `Request ${id} confirmed.` })
    const stale = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(stale.body.status).toBe(false)
    expect(stale.body.message).toMatch(
      new RegExp(
        `^Approval ${approvalId} refused: Dev Shah confirmed this request at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}\\. Nothing was applied\\.$`,
      ),
    )
    expect(await balance(customer.id)).toBe(90_000)
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(approvalId)))
    expect(approval?.status).toBe('refused_stale')
  })

  it('refuses another kind, the claimed amount itself, and an amount without its reason', async () => {
    const payment = await request(10_000, 'payment')
    expect((await confirm(payment.id, '90.00', 'Less arrived')).body).toEqual({
      status: false,
      message: "Only a deposit's amount can be corrected; this is a payment.",
    })
    const { customer, id } = await request(10_000)
    expect((await confirm(id, '100.00', 'Same')).body).toEqual({
      status: false,
      message: 'That is the amount claimed: confirm the request without a correction.',
    })
    const bare = await callAs(t, team.payments, 'requestdecide', {
      id,
      decision: 'confirm',
      corrected_amount: '90.00',
    })
    expect(bare.status).toBe(400)
    expect(bare.body.message).toBe('The reason is required with an amount received, and only then.')
    const zero = await confirm(id, '0.00', 'Nothing arrived')
    expect(zero.status).toBe(400)
    expect((await requestRow(id))?.status).toBe('pending')
    expect(await balance(customer.id)).toBe(0)
  })

  it('npm run ops -- requests confirm --amount --reason does the same', async () => {
    const { customer, id } = await request(50_000)
    const ops = (...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as: team.payments.email, now: t.clock.now() })
    expect(await ops('requests', 'confirm', id, '--amount', '480.00')).toEqual({
      exitCode: 1,
      output:
        'Give the amount received and the reason together: requests confirm <id> --amount 950.00 --reason "<why>".',
    })
    const done = await ops(
      'requests',
      'confirm',
      id,
      '--amount',
      '480.00',
      '--reason',
      'The exchange kept a fee',
      'seen',
      'on',
      'chain',
    )
    expect(done).toEqual({ exitCode: 0, output: `Request ${id} confirmed.` })
    expect(await balance(customer.id)).toBe(48_000)
    const [line] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, customer.id), eq(transactions.type, 'Crypto Deposit')))
    expect(line?.name).toBe('Crypto deposit (Bitcoin (BTC)), corrected: The exchange kept a fee')
  })
})
