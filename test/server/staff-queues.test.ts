import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, customerAccountCode } from '#server/db/ledger'
import {
  fundingRequests,
  kycRequests,
  kycSubmissions,
  notifications,
  operatorAuditLog,
  transfers,
  users,
} from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { databaseTargets } from './support/databases'
import { newKey, payingCustomer } from './support/money'
import {
  callAs,
  enrolTeam,
  failedMail,
  fundingRequest,
  kycDashboardRequest,
  kycSubmission,
  type Team,
} from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * The console's queues and cases (issue 17, docs/decisions/072): each call's answer, who decided
 * stored, two people deciding one item at once (one applies, the other is told who), reads in
 * the audit log, and `npm run ops` deciding through the same tasks under the person it names.
 */

/** "Ana Ruiz approved this KYC submission at 10:00 UTC on 21/11/2026." */
const decidedBy = (names: string, what: string) =>
  new RegExp(`^(${names}) [a-z]+ this ${what} at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}\\.$`)

const readsOf = async (t: TestApp, staffId: number, command: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(
      and(
        eq(operatorAuditLog.staffId, staffId),
        eq(operatorAuditLog.command, command),
        eq(operatorAuditLog.outcome, 'read'),
      ),
    )

describe.each(databaseTargets)('the console’s queues and cases on %s', (target) => {
  let t: TestApp
  let team: Team
  const calls = transferCalls(() => t)

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'queues')
  })
  afterAll(() => t.close())

  it('queues: counts and the oldest item of the queues each person’s roles may see', async () => {
    await failedMail(t)
    const names = async (person: keyof Team) => {
      const answer = await callAs(t, team[person], 'queues')
      expect(answer.status).toBe(200)
      return (answer.body.queues as { queue: string }[]).map((queue) => queue.queue)
    }
    expect(await names('kyc')).toEqual(['kyc_submissions', 'kyc_requests'])
    expect(await names('payments')).toEqual([
      'deposit_requests',
      'payment_requests',
      'fixed_deposit_requests',
      'upgrade_requests',
      'transfers_in_progress',
      'approvals_pending',
    ])
    expect(await names('support')).toEqual(['mail_failed'])
    expect(await names('auditor')).toHaveLength(9)
    expect(await names('admin')).toEqual([])

    const before = await callAs(t, team.kyc, 'queues')
    const count = (body: Record<string, unknown>, name: string) =>
      (body.queues as { queue: string; count: number; oldest_at: string | null }[]).find(
        (queue) => queue.queue === name,
      )
    const earlier = count(before.body, 'kyc_requests')?.count ?? 0
    await kycDashboardRequest(t)
    const after = await callAs(t, team.kyc, 'queues')
    expect(count(after.body, 'kyc_requests')).toEqual({
      queue: 'kyc_requests',
      count: earlier + 1,
      oldest_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('kyclist and kyccase: the details, the files as references, earlier decisions; the read is audited', async () => {
    const customer = await kycSubmission(t)
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    const listed = await callAs(t, team.kyc, 'kyclist')
    expect(listed.status).toBe(200)
    expect(listed.body.submissions).toContainEqual(
      expect.objectContaining({
        id: submission?.id,
        customer_id: customer.id,
        email: customer.email,
        status: 'pending',
        decided: null,
      }),
    )
    expect(listed.body).toMatchObject({ page: 1, page_size: 50 })

    const opened = await callAs(t, team.kyc, 'kyccase', { id: String(submission?.id) })
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({
      id: submission?.id,
      status: 'pending',
      customer: {
        customer_id: customer.id,
        // The submission's own (it was "—": nothing asked for it before the console showed it).
        date_of_birth: '1988-04-12',
        country: 'Spain',
        phone: '+34600000000',
        address: '1 Calle Mayor, Madrid',
        verification_status: 'Pending Verification',
      },
      document_type: "Driver's License",
      document_number: 'X1234567L',
      document_country: 'ES',
      document_expiry: '2031-06-30',
      photo: { id: submission?.pictureFileId, url: `/wp-admin/files/${submission?.pictureFileId}` },
      front: { content_type: 'image/png' },
      back: { content_type: 'application/pdf' },
      earlier: [],
    })
    expect(await readsOf(t, team.kyc.id, 'kyc case')).toContainEqual(
      expect.objectContaining({ args: { id: String(submission?.id) }, customerId: customer.id }),
    )
    // A submission made before the form asked for them has none (the console says so).
    await t.db
      .update(kycSubmissions)
      .set({ dateOfBirth: null, documentNumber: null, documentCountry: null, documentExpiry: null })
      .where(eq(kycSubmissions.id, Number(submission?.id)))
    const older = await callAs(t, team.kyc, 'kyccase', { id: String(submission?.id) })
    expect(older.body).toMatchObject({
      customer: { date_of_birth: null },
      document_type: "Driver's License",
      document_number: null,
      document_country: null,
      document_expiry: null,
    })
    const unknown = await callAs(t, team.kyc, 'kyccase', { id: '999999' })
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'No KYC submission with the id 999999.' },
    })
  })

  it('kycdecide: two people at once, one applies and the other is told who decided and when', async () => {
    const customer = await kycSubmission(t)
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    const id = String(submission?.id)
    const [first, second] = await Promise.all([
      callAs(t, team.kyc, 'kycdecide', { id, decision: 'approve' }),
      callAs(t, team.kyc2, 'kycdecide', {
        id,
        decision: 'decline',
        reason: 'The document has expired.',
      }),
    ])
    const answers = [first.body, second.body]
    expect(answers.filter((answer) => answer.status === true)).toHaveLength(1)
    const refused = answers.find((answer) => answer.status === false)
    expect(refused?.message).toMatch(decidedBy('Ana Ruiz|Ben Cole', 'KYC submission'))

    const [decided] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, Number(id)))
    const winner = first.body.status === true ? team.kyc : team.kyc2
    expect(decided?.decidedByStaffId).toBe(winner.id)
    expect(refused?.message).toMatch(
      new RegExp(`^${winner === team.kyc ? 'Ana Ruiz' : 'Ben Cole'} `),
    )
    const [user] = await t.db.select().from(users).where(eq(users.id, customer.id))
    expect(user?.verificationStatus).toBe(decided?.status === 'approved' ? 'Verified' : 'Declined')

    const declineWithoutReason = await callAs(t, team.kyc, 'kycdecide', { id, decision: 'decline' })
    expect(declineWithoutReason.status).toBe(400)
    expect(declineWithoutReason.body.message).toBe('The reason is required.')

    const history = await callAs(t, team.auditor, 'kyccase', { id })
    expect(history.body.decided).toEqual({
      staff_id: winner.id,
      name: winner === team.kyc ? 'Ana Ruiz' : 'Ben Cole',
      at: t.clock.now().toISOString(),
      // A KYC decision is one person's: no one proposed it first.
      proposed: null,
    })
  })

  it('the auditor reads the queues and is refused every change, on record', async () => {
    const customer = await kycSubmission(t)
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    expect((await callAs(t, team.auditor, 'kyclist')).status).toBe(200)
    const refused = await callAs(t, team.auditor, 'kycdecide', {
      id: String(submission?.id),
      decision: 'approve',
    })
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Your roles do not allow this.' },
    })
    const [entry] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.staffId, team.auditor.id))
      .orderBy(desc(operatorAuditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ command: 'kyc approve', outcome: 'refused' })
    const [still] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, submission?.id as number))
    expect(still?.status).toBe('pending')
  })

  it('kycrequestlist and kycrequestdecide: a decline with its reason; a second decision names the first', async () => {
    const customer = await kycDashboardRequest(t)
    const [request] = await t.db
      .select()
      .from(kycRequests)
      .where(eq(kycRequests.userId, customer.id))
    const listed = await callAs(t, team.kyc, 'kycrequestlist')
    expect(listed.body.requests).toContainEqual(
      expect.objectContaining({
        id: request?.id,
        email: customer.email,
        document: expect.objectContaining({ content_type: 'application/pdf' }),
      }),
    )
    const id = String(request?.id)
    const declined = await callAs(t, team.kyc2, 'kycrequestdecide', {
      id,
      decision: 'decline',
      reason: 'The photo of the document is not readable.',
    })
    expect(declined.body).toEqual({
      status: true,
      message: `KYC request ${id} of ${customer.email} is declined.`,
    })
    const again = await callAs(t, team.kyc, 'kycrequestdecide', { id, decision: 'approve' })
    expect(again.body.status).toBe(false)
    expect(again.body.message).toMatch(decidedBy('Ben Cole', 'KYC request'))
    const decidedList = await callAs(t, team.kyc, 'kycrequestlist', { status: 'declined' })
    expect(decidedList.body.requests).toContainEqual(
      expect.objectContaining({
        id: request?.id,
        reason: 'The photo of the document is not readable.',
        decided: expect.objectContaining({ staff_id: team.kyc2.id, name: 'Ben Cole' }),
      }),
    )
  })

  it('kycrequestdecide: two people at once on one request, one applies', async () => {
    const customer = await kycDashboardRequest(t)
    const [request] = await t.db
      .select()
      .from(kycRequests)
      .where(eq(kycRequests.userId, customer.id))
    const id = String(request?.id)
    const answers = await Promise.all([
      callAs(t, team.kyc, 'kycrequestdecide', { id, decision: 'approve' }),
      callAs(t, team.kyc2, 'kycrequestdecide', { id, decision: 'approve' }),
    ])
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([false, true])
    const refused = answers.find((answer) => answer.body.status === false)
    expect(refused?.body.message).toMatch(decidedBy('Ana Ruiz|Ben Cole', 'KYC request'))
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id))
    expect(
      told.filter((row) => row.title === 'Your verification request is approved'),
    ).toHaveLength(1)
  })

  it('requestlist, requestcase and requestdecide: the deposit credited once, by the first of two', async () => {
    const customer = await payingCustomer(t, 0)
    const { txHash, proofFileId } = await fundingRequest(t, customer.id, 'deposit', 25_000)
    const [request] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    const listed = await callAs(t, team.payments, 'requestlist', { kind: 'deposit' })
    expect(listed.body.requests).toContainEqual(
      expect.objectContaining({
        id: request?.id,
        kind: 'deposit',
        amount: 25_000,
        coin: 'Bitcoin (BTC)',
      }),
    )
    const opened = await callAs(t, team.payments, 'requestcase', { id: String(request?.id) })
    expect(opened.body).toMatchObject({
      id: request?.id,
      address: 'tb1q6fu7pprt9kzm0d5pvm6x78p7f6pm40ju9pc2jm',
      tx_hash: txHash,
      explorer_url: `https://mempool.space/testnet4/tx/${txHash}`,
      proof: { id: proofFileId, url: `/wp-admin/files/${proofFileId}`, content_type: 'image/png' },
    })
    expect(await readsOf(t, team.payments.id, 'requests case')).toHaveLength(1)

    const id = String(request?.id)
    const [first, second] = await Promise.all([
      callAs(t, team.payments, 'requestdecide', { id, decision: 'confirm' }),
      callAs(t, team.payments2, 'requestdecide', { id, decision: 'confirm' }),
    ])
    expect([first.body.status, second.body.status].sort()).toEqual([false, true])
    const refused = first.body.status === false ? first.body : second.body
    expect(refused.message).toMatch(decidedBy('Cara Diaz|Dev Shah', 'request'))
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(25_000)
    const [decided] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.id, Number(id)))
    expect(decided?.decidedByStaffId).toBe(
      first.body.status === true ? team.payments.id : team.payments2.id,
    )
    expect(
      await t.db
        .select()
        .from(operatorAuditLog)
        .where(
          and(
            eq(operatorAuditLog.command, 'requests confirm'),
            eq(operatorAuditLog.outcome, 'done'),
          ),
        ),
    ).toHaveLength(1)
  })

  it('transferlist and transferdecide: settle and fail race, one applies; a fail needs a reason', async () => {
    const customer = await payingCustomer(t, 100_000)
    const authorization = await calls.authorize(customer, '100.00')
    expect((await calls.send(customer, authorization, newKey(), '100.00')).body.icon).toBe(
      'success',
    )
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, customer.id))
    const listed = await callAs(t, team.payments, 'transferlist')
    expect(listed.body.transfers).toContainEqual(
      expect.objectContaining({
        id: transfer?.id,
        customer_id: customer.id,
        amount: 10_000,
        status: 'in_progress',
        decided: null,
      }),
    )
    const id = String(transfer?.id)
    expect(
      (await callAs(t, team.payments, 'transferdecide', { id, decision: 'fail' })).status,
    ).toBe(400)
    const [settle, fail] = await Promise.all([
      callAs(t, team.payments, 'transferdecide', { id, decision: 'settle' }),
      callAs(t, team.payments2, 'transferdecide', {
        id,
        decision: 'fail',
        reason: 'Payee bank refused.',
      }),
    ])
    expect([settle.body.status, fail.body.status].sort()).toEqual([false, true])
    const refused = settle.body.status === false ? settle.body : fail.body
    expect(refused.message).toMatch(decidedBy('Cara Diaz|Dev Shah', 'transfer'))
    const [decided] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, Number(id)))
    expect(decided?.status).toBe(settle.body.status === true ? 'successful' : 'failed')
    expect(await balanceOf(t.db, customerAccountCode(customer.id))).toBe(
      settle.body.status === true ? 90_000 : 100_000,
    )
    const settledList = await callAs(t, team.auditor, 'transferlist', {
      status: decided?.status as string,
    })
    expect(settledList.body.transfers).toContainEqual(
      expect.objectContaining({
        id: transfer?.id,
        decided: expect.objectContaining({ staff_id: decided?.decidedByStaffId }),
      }),
    )
  })

  it('npm run ops decides through the same task, and stores the person it names', async () => {
    const customer = await payingCustomer(t, 0)
    await fundingRequest(t, customer.id, 'deposit', 5_000)
    const [request] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    const ops = (as: string, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const confirmed = await ops(team.payments2.email, 'requests', 'confirm', String(request?.id))
    expect(confirmed).toEqual({ exitCode: 0, output: `Request ${request?.id} confirmed.` })
    const [decided] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.id, request?.id as number))
    expect(decided?.decidedByStaffId).toBe(team.payments2.id)
    const again = await callAs(t, team.payments, 'requestdecide', {
      id: String(request?.id),
      decision: 'decline',
      reason: 'Not found on the chain.',
    })
    expect(again.body.message).toMatch(decidedBy('Dev Shah', 'request'))
    const bySupport = await ops(team.support.email, 'requests', 'confirm', String(request?.id))
    expect(bySupport.exitCode).toBe(1)
  })

  it('maillist and mailretry: the failed e-mail queued again once', async () => {
    const id = await failedMail(t, 'retry-me@example.com')
    const failed = await callAs(t, team.support, 'maillist', { status: 'failed' })
    expect(failed.body.mail).toContainEqual(
      expect.objectContaining({
        id,
        recipient: 'retry-me@example.com',
        status: 'failed',
        attempts: 5,
      }),
    )
    expect((await callAs(t, team.support, 'mailretry', { id: String(id) })).body).toEqual({
      status: true,
      message: `E-mail ${id} will be sent again now.`,
    })
    expect((await callAs(t, team.support, 'mailretry', { id: String(id) })).body).toEqual({
      status: false,
      message: `No failed e-mail with id ${id}.`,
    })
    const pending = await callAs(t, team.auditor, 'maillist', { status: 'pending' })
    expect(pending.body.mail).toContainEqual(
      expect.objectContaining({ id, status: 'pending', attempts: 0 }),
    )
  })
})
