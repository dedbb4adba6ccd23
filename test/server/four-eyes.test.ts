import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, customerAccountCode } from '#server/db/ledger'
import {
  approvals,
  fourEyesSettings,
  fundingRequests,
  notifications,
  operatorAuditLog,
  transfers,
} from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { createCustomer } from './support/customers'
import { bothDatabases } from './support/databases'
import { newKey, payingCustomer } from './support/money'
import { type EnrolledStaff, enrolWithTotp, signInWithTotp } from './support/staff'
import { callAs, enrolTeam, fundingRequest, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * Four eyes on money (issue 18, docs/decisions/073): above its threshold a deposit confirmed or
 * a transfer settled waits for a second member of staff with the payments role; the maker never
 * approves their own, a stale or expired approval is refused, two approvers apply it once, and
 * the customer sees nothing before.
 */

const sentForApproval =
  /^Sent for approval: a second member of staff with the payments role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

/** Above the migration's default threshold of 1,000,000 minor units. */
const large = 2_000_000

describe.each(bothDatabases)('four eyes on %s', (target) => {
  let t: TestApp
  let team: Team
  let payments3: EnrolledStaff
  const calls = transferCalls(() => t)

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'four-eyes')
    payments3 = await enrolWithTotp(t, team.admin.actor, 'four-eyes-payments3@staff.test', [
      'payments',
    ])
    // Transfers in tests are small: hold them to 50.00.
    await t.db
      .update(fourEyesSettings)
      .set({ threshold: 5_000 })
      .where(eq(fourEyesSettings.action, 'transfers settle'))
  })
  afterAll(() => t.close())

  /** A customer's pending deposit request of `amount`, and its id. */
  async function deposit(amount = large) {
    const customer = await createCustomer(t)
    await fundingRequest(t, customer.id, 'deposit', amount)
    const [request] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    return { customer, id: String(request?.id) }
  }

  const confirm = (person: EnrolledStaff, id: string, note?: string) =>
    callAs(t, person, 'requestdecide', { id, decision: 'confirm', ...(note ? { note } : {}) })

  /** Sends the request for approval as Cara Diaz (payments); the approval's id. */
  async function sent(id: string) {
    const answer = await confirm(team.payments, id, 'Seen on the chain, 6 confirmations.')
    expect(answer.body.status).toBe(true)
    const match = sentForApproval.exec(answer.body.message as string)
    expect(match, answer.body.message as string).not.toBeNull()
    return match?.[1] as string
  }

  const approvalRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(approvals)
        .where(eq(approvals.id, Number(id)))
    )[0]

  const requestRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(fundingRequests)
        .where(eq(fundingRequests.id, Number(id)))
    )[0]

  const notificationsOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId))

  it('a deposit above the threshold is credited only once a second person approves it', async () => {
    const { customer, id } = await deposit()
    const before = await notificationsOf(customer.id)
    const approvalId = await sent(id)

    // Nothing applied, and the customer sees nothing.
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
    expect((await requestRow(id))?.status).toBe('pending')
    expect(await notificationsOf(customer.id)).toHaveLength(before.length)
    expect(await approvalRow(approvalId)).toMatchObject({
      action: 'requests confirm',
      itemKind: 'funding_request',
      itemId: Number(id),
      makerStaffId: team.payments.id,
      makerNote: 'Seen on the chain, 6 confirmations.',
      status: 'pending',
      data: expect.objectContaining({ amount: large, kind: 'deposit', customer_id: customer.id }),
    })

    // The checkers' home counts it among the approvals waiting for a second person.
    const home = await callAs(t, team.payments2, 'queues')
    const waiting = (home.body.queues as { queue: string; count: number }[]).find(
      (queue) => queue.queue === 'approvals_pending',
    )
    expect(waiting?.count).toBeGreaterThan(0)

    // A second maker is told it already waits.
    const again = await confirm(team.payments2, id)
    expect(again.body).toEqual({
      status: false,
      message: expect.stringMatching(
        new RegExp(`^This request already waits for approval ${approvalId}, sent by Cara Diaz at`),
      ),
    })

    // The maker may not approve, nor reject, their own.
    const attempts: Record<string, string>[] = [
      { decision: 'approve' },
      { decision: 'reject', reason: 'Changed my mind.' },
    ]
    for (const fields of attempts) {
      const own = await callAs(t, team.payments, 'approvaldecide', { id: approvalId, ...fields })
      expect(own.body).toEqual({
        status: false,
        message: 'You sent this for approval: a second member of staff must approve or reject it.',
      })
    }

    // The inbox: the checkers may decide it, the maker and the auditor may not.
    const inboxOf = async (person: EnrolledStaff) => {
      const listed = await callAs(t, person, 'approvallist')
      expect(listed.status).toBe(200)
      const rows = listed.body.approvals as { id: number; may_decide: boolean }[]
      return rows.find((row) => row.id === Number(approvalId))
    }
    expect(await inboxOf(team.payments2)).toMatchObject({
      action: 'requests confirm',
      status: 'pending',
      maker: { staff_id: team.payments.id, name: 'Cara Diaz' },
      shown: expect.objectContaining({ amount: large, email: customer.email }),
      may_decide: true,
    })
    expect(await inboxOf(team.payments)).toMatchObject({ may_decide: false })
    expect(await inboxOf(team.auditor)).toMatchObject({ may_decide: false })

    // Approved by the second person: credited once, the checker recorded as the decider.
    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: Request ${id} confirmed.`,
    })
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(large)
    expect(await requestRow(id)).toMatchObject({
      status: 'confirmed',
      decidedByStaffId: team.payments2.id,
    })
    expect(await approvalRow(approvalId)).toMatchObject({
      status: 'approved',
      checkerStaffId: team.payments2.id,
      decidedAt: t.clock.now(),
    })
    expect(await notificationsOf(customer.id)).toHaveLength(before.length + 1)

    // Both people are in the audit log: the maker's request and the checker's decision.
    const entries = await t.db
      .select()
      .from(operatorAuditLog)
      .orderBy(desc(operatorAuditLog.id))
      .limit(10)
    expect(entries).toContainEqual(
      expect.objectContaining({
        staffId: team.payments.id,
        command: 'requests confirm',
        outcome: 'done',
        detail: expect.stringMatching(sentForApproval),
      }),
    )
    expect(entries).toContainEqual(
      expect.objectContaining({
        staffId: team.payments2.id,
        command: 'approvals approve',
        outcome: 'done',
        args: { id: approvalId, decision: 'approve' },
      }),
    )

    // The case: as the maker saw it, and as it is now.
    const opened = await callAs(t, team.auditor, 'approvalcase', { id: approvalId })
    expect(opened.body).toMatchObject({
      status: 'approved',
      checker: { staff_id: team.payments2.id, name: 'Dev Shah' },
      shown: { status: 'pending', amount: large },
      now: { status: 'confirmed', amount: large, decided: { staff_id: team.payments2.id } },
    })

    // Every page names who proposed it and who approved it, with times, in one shape.
    const proposal = await approvalRow(approvalId)
    const record = {
      staff_id: team.payments2.id,
      name: 'Dev Shah',
      at: t.clock.now().toISOString(),
      proposed: {
        staff_id: team.payments.id,
        name: 'Cara Diaz',
        at: proposal?.createdAt.toISOString(),
      },
    }
    expect(opened.body.decided).toEqual(record)
    expect((await callAs(t, team.auditor, 'requestcase', { id })).body.decided).toEqual(record)
    const confirmed = await callAs(t, team.auditor, 'requestlist', { status: 'confirmed' })
    const rows = confirmed.body.requests as { id: number; decided: unknown }[]
    expect(rows.find((row) => row.id === Number(id))?.decided).toEqual(record)
    const decidedInbox = await callAs(t, team.auditor, 'approvallist', { status: 'decided' })
    const approvalsDecided = decidedInbox.body.approvals as { id: number; decided: unknown }[]
    expect(approvalsDecided.find((row) => row.id === Number(approvalId))?.decided).toEqual(record)
    const reads = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.staffId, team.auditor.id),
          eq(operatorAuditLog.command, 'approvals case'),
        ),
      )
    expect(reads).toHaveLength(1)
  })

  it('two makers at once: one approval is written, the other is told it already waits', async () => {
    const { customer, id } = await deposit()
    const [first, second] = await Promise.all([
      confirm(team.payments, id),
      confirm(team.payments2, id),
    ])
    const messages = [first.body.message, second.body.message] as string[]
    expect(messages.filter((message) => sentForApproval.test(message))).toHaveLength(1)
    expect(
      messages.filter((message) => /already waits for approval \d+/.test(message)),
    ).toHaveLength(1)
    const written = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.itemKind, 'funding_request'), eq(approvals.itemId, Number(id))))
    expect(written).toHaveLength(1)
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
  })

  it.each([
    ['payment', { purpose: 'Card bill' }],
    ['fixed_deposit', { plan: '3 months at 4.0%' }],
  ] as const)('a %s above the threshold waits for a second person too', async (kind, chosen) => {
    const customer = await createCustomer(t)
    await fundingRequest(t, customer.id, kind, large, chosen)
    const [request] = await t.db
      .select({ id: fundingRequests.id })
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    const id = String(request?.id)
    const before = await notificationsOf(customer.id)
    const approvalId = await sent(id)

    expect(await approvalRow(approvalId)).toMatchObject({
      action: 'requests confirm',
      status: 'pending',
      data: expect.objectContaining({ amount: large, kind }),
    })
    expect((await requestRow(id))?.status).toBe('pending')
    expect(await notificationsOf(customer.id)).toHaveLength(before.length)

    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: Request ${id} confirmed.`,
    })
    expect(await requestRow(id)).toMatchObject({
      status: 'confirmed',
      decidedByStaffId: team.payments2.id,
    })
    expect(await notificationsOf(customer.id)).toHaveLength(before.length + 1)
  })

  it('below the threshold one person still confirms', async () => {
    const { customer, id } = await deposit(25_000)
    expect((await confirm(team.payments, id)).body).toEqual({
      status: true,
      message: `Request ${id} confirmed.`,
    })
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(25_000)
    // One person decided: the record names them, and no one as proposing.
    expect((await callAs(t, team.auditor, 'requestcase', { id })).body.decided).toEqual({
      staff_id: team.payments.id,
      name: 'Cara Diaz',
      at: t.clock.now().toISOString(),
      proposed: null,
    })
    const [pending] = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.itemId, Number(id)), eq(approvals.itemKind, 'funding_request')))
    expect(pending).toBeUndefined()
  })

  it('an approval whose request was declined meanwhile is refused, and applies nothing', async () => {
    const { customer, id } = await deposit()
    const approvalId = await sent(id)
    const declined = await callAs(t, team.payments2, 'requestdecide', {
      id,
      decision: 'decline',
      reason: 'Not found on the chain.',
    })
    expect(declined.body.status).toBe(true)
    const approved = await callAs(t, payments3, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body.status).toBe(false)
    expect(approved.body.message).toMatch(
      new RegExp(
        `^Approval ${approvalId} refused: Dev Shah declined this request at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}\\. Nothing was applied\\.$`,
      ),
    )
    expect(await approvalRow(approvalId)).toMatchObject({
      status: 'refused_stale',
      checkerStaffId: payments3.id,
    })
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
    expect((await requestRow(id))?.status).toBe('declined')
    // Decided: a later approval is refused naming who refused it.
    const later = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(later.body.message).toMatch(new RegExp(`^\\S+ \\S+ refused approval ${approvalId} at`))
  })

  it('an approval whose amount changed meanwhile is refused', async () => {
    const { customer, id } = await deposit()
    const approvalId = await sent(id)
    await t.db
      .update(fundingRequests)
      .set({ amount: large + 1 })
      .where(eq(fundingRequests.id, Number(id)))
    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: false,
      message: `Approval ${approvalId} refused: The request's amount changed from $20,000.00 to $20,000.01. Nothing was applied.`,
    })
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
    expect((await requestRow(id))?.status).toBe('pending')
  })

  it('a transfer above the threshold: two approvers at once settle it once', async () => {
    const customer = await payingCustomer(t, 100_000)
    const authorization = await calls.authorize(customer, '100.00')
    expect((await calls.send(customer, authorization, newKey(), '100.00')).body.icon).toBe(
      'success',
    )
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, customer.id))
    const id = String(transfer?.id)
    const settle = await callAs(t, team.payments, 'transferdecide', { id, decision: 'settle' })
    const approvalId = sentForApproval.exec(settle.body.message as string)?.[1] as string
    expect(approvalId, settle.body.message as string).toBeDefined()
    expect(await calls.booked(customer)).toBe(100_000)
    const [stillInProgress] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, Number(id)))
    expect(stillInProgress?.status).toBe('in_progress')

    const [first, second] = await Promise.all([
      callAs(t, team.payments2, 'approvaldecide', { id: approvalId, decision: 'approve' }),
      callAs(t, payments3, 'approvaldecide', { id: approvalId, decision: 'approve' }),
    ])
    expect([first.body.status, second.body.status].sort()).toEqual([false, true])
    const refused = first.body.status === false ? first.body : second.body
    expect(refused.message).toMatch(
      new RegExp(
        `^(Dev Shah|Staff payments) approved approval ${approvalId} at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}\\.$`,
      ),
    )
    expect(await calls.booked(customer)).toBe(90_000)
    const [settled] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, Number(id)))
    expect(settled).toMatchObject({
      status: 'successful',
      decidedByStaffId: first.body.status === true ? team.payments2.id : payments3.id,
    })
    const settledList = await callAs(t, team.auditor, 'transferlist', { status: 'successful' })
    const settledRows = settledList.body.transfers as { id: number; decided: unknown }[]
    expect(settledRows.find((row) => row.id === Number(id))?.decided).toEqual({
      staff_id: settled?.decidedByStaffId,
      name: first.body.status === true ? 'Dev Shah' : 'Staff payments',
      at: t.clock.now().toISOString(),
      proposed: {
        staff_id: team.payments.id,
        name: 'Cara Diaz',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    })
    const applied = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.command, 'approvals approve'),
          eq(operatorAuditLog.outcome, 'done'),
        ),
      )
    expect(
      applied.filter((entry) => (entry.args as { id: string }).id === approvalId),
    ).toHaveLength(1)
  })

  it('a rejection needs a reason; rejected, nothing applies and the request waits again', async () => {
    const { customer, id } = await deposit()
    const approvalId = await sent(id)
    const bare = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'reject',
    })
    expect(bare.status).toBe(400)
    expect((await approvalRow(approvalId))?.status).toBe('pending')
    const rejected = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'reject',
      reason: 'The amount on the chain is 2,000.00, not 20,000.00.',
    })
    expect(rejected.body).toEqual({
      status: true,
      message: `Approval ${approvalId} rejected; nothing was applied and the request waits in its queue.`,
    })
    expect(await approvalRow(approvalId)).toMatchObject({
      status: 'rejected',
      checkerStaffId: team.payments2.id,
      decisionNote: 'The amount on the chain is 2,000.00, not 20,000.00.',
    })
    expect((await requestRow(id))?.status).toBe('pending')
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
  })

  it('the auditor reads the inbox and the case but changes nothing', async () => {
    const { id } = await deposit()
    const approvalId = await sent(id)
    expect((await callAs(t, team.auditor, 'approvallist')).status).toBe(200)
    expect((await callAs(t, team.auditor, 'approvalcase', { id: approvalId })).status).toBe(200)
    const tried = await callAs(t, team.auditor, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(tried.status).toBe(403)
    // Support checks broadcasts, not money: the inbox does not show it them, nor its case. KYC
    // checks nothing and opens neither.
    const supportInbox = await callAs(t, team.support, 'approvallist')
    expect(supportInbox.status).toBe(200)
    expect(supportInbox.body.approvals).not.toContainEqual(
      expect.objectContaining({ id: Number(approvalId) }),
    )
    expect((await callAs(t, team.support, 'approvalcase', { id: approvalId })).status).toBe(403)
    expect((await callAs(t, team.kyc, 'approvallist')).status).toBe(403)
    expect((await callAs(t, team.kyc, 'approvalcase', { id: approvalId })).status).toBe(403)
    expect((await approvalRow(approvalId))?.status).toBe('pending')
    expect((await requestRow(id))?.status).toBe('pending')
    expect((await callAs(t, team.payments2, 'approvalcase', { id: '999999' })).status).toBe(404)
  })

  it('npm run ops: the same rule, and approvals list, approve and reject under the person named', async () => {
    const ops = (as: string, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const { customer, id } = await deposit()
    const confirmed = await ops(team.payments.email, 'requests', 'confirm', id, 'Seen', 'twice')
    expect(confirmed.exitCode).toBe(0)
    const approvalId = sentForApproval.exec(confirmed.output)?.[1] as string
    expect(approvalId, confirmed.output).toBeDefined()
    expect((await approvalRow(approvalId))?.makerNote).toBe('Seen twice')
    const listed = await ops(team.auditor.email, 'approvals', 'list')
    expect(listed.exitCode).toBe(0)
    expect(listed.output).toContain(`${approvalId}\trequests confirm\tfunding_request ${id}`)
    expect(await ops(team.payments.email, 'approvals', 'approve', approvalId)).toEqual({
      exitCode: 1,
      output: 'You sent this for approval: a second member of staff must approve or reject it.',
    })
    expect((await ops(team.auditor.email, 'approvals', 'approve', approvalId)).exitCode).toBe(1)
    expect(await ops(team.payments2.email, 'approvals', 'reject', approvalId)).toEqual({
      exitCode: 1,
      output: 'Give the reason for rejecting it.',
    })
    expect(await ops(team.payments2.email, 'approvals', 'approve', approvalId)).toEqual({
      exitCode: 0,
      output: `Approval ${approvalId} approved: Request ${id} confirmed.`,
    })
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(large)
    const settings = await ops(team.auditor.email, 'approvals', 'settings')
    expect(settings.output).toContain('requests confirm deposit\t$10,000.00\t1440 min')
  })

  it('a transfer whose account went on hold: the approval applies nothing and stays pending', async () => {
    const ops = (as: string, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const customer = await payingCustomer(t, 100_000)
    const authorization = await calls.authorize(customer, '100.00')
    expect((await calls.send(customer, authorization, newKey(), '100.00')).body.icon).toBe(
      'success',
    )
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, customer.id))
    const settle = await callAs(t, team.payments, 'transferdecide', {
      id: String(transfer?.id),
      decision: 'settle',
    })
    const approvalId = sentForApproval.exec(settle.body.message as string)?.[1] as string
    const held = await ops(team.support.email, 'notice', 'set', customer.email, 'Hold', 'Call us.')
    expect(held.exitCode).toBe(0)
    const refused = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(refused.body).toEqual({
      status: false,
      message: `Nothing was applied: Transfer ${transfer?.id}: the customer's account is on hold. Fail the transfer, or clear the notice first.`,
    })
    expect((await approvalRow(approvalId))?.status).toBe('pending')
    expect(await calls.booked(customer)).toBe(100_000)
    expect((await ops(team.support.email, 'notice', 'clear', customer.email)).exitCode).toBe(0)
    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: Transfer ${transfer?.id} settled.`,
    })
    expect(await calls.booked(customer)).toBe(90_000)
  })

  it('an expired approval is refused and marked expired; the maker may send it again', async () => {
    const { customer, id } = await deposit()
    const approvalId = await sent(id)
    t.clock.advance(24 * 3_600_000 + 60_000)
    // Past every session's lifetime too: the two sign in again.
    team.payments.jar = await signInWithTotp(t, team.payments)
    team.payments2.jar = await signInWithTotp(t, team.payments2)
    const listed = await callAs(t, team.payments2, 'approvallist', { status: 'decided' })
    expect(listed.body.approvals).toContainEqual(
      expect.objectContaining({ id: Number(approvalId), status: 'expired', may_decide: false }),
    )
    const late = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(late.body.status).toBe(false)
    expect(late.body.message).toMatch(
      new RegExp(`^Approval ${approvalId} expired at .*; nothing was applied\\.`),
    )
    expect((await approvalRow(approvalId))?.status).toBe('expired')
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(0)
    const again = await sent(id)
    expect(Number(again)).toBeGreaterThan(Number(approvalId))

    // One nobody tried to decide: sending the item again marks it expired and writes a new one.
    t.clock.advance(24 * 3_600_000 + 60_000)
    team.payments.jar = await signInWithTotp(t, team.payments)
    const renewed = await sent(id)
    expect(await approvalRow(again)).toMatchObject({ status: 'expired', checkerStaffId: null })
    expect((await approvalRow(renewed))?.status).toBe('pending')
  })
})
