import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kycSubmissions, operatorAuditLog, users } from '#server/db/schema'
import { databaseTargets } from './support/databases'
import { callAs, enrolTeam, kycSubmission, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The KYC queue shows every customer it counts (issue 32, docs/decisions/096): the home's count,
 * the console's list and `npm run ops -- kyc list` read one condition, so a customer under review
 * with no documents on file (the demo's pending@meridian.example) is in all three, and can be
 * asked for documents from the list.
 */

interface Listed {
  id: number | null
  customer_id: number
  email: string
  document_type: string | null
}

describe.each(databaseTargets)('the KYC queue on %s', (target) => {
  let t: TestApp
  let team: Team

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'kyc-queue')
  })
  afterAll(() => t.close())

  const counted = async () => {
    const answer = await callAs(t, team.kyc, 'queues')
    const queues = answer.body.queues as { queue: string; count: number }[]
    return queues.find((queue) => queue.queue === 'kyc_submissions')?.count
  }
  const listed = async () => {
    const answer = await callAs(t, team.kyc, 'kyclist')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as { submissions: Listed[]; total: number }
  }
  const opsLines = async () => (await t.command('kyc list')).split('\n').filter(Boolean)

  it('counts, lists and prints the same customers, one with no documents on file among them', async () => {
    const withDocuments = await kycSubmission(t)
    const [submission] = await t.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, withDocuments.id))
    const list = await listed()
    expect(list.submissions).toHaveLength(2)
    expect(list.total).toBe(list.submissions.length)
    expect(await counted()).toBe(list.submissions.length)
    expect(await opsLines()).toHaveLength(list.submissions.length)
    expect(list.submissions).toEqual([
      expect.objectContaining({
        id: null,
        email: 'pending@meridian.example',
        document_type: null,
      }),
      expect.objectContaining({
        id: submission?.id,
        customer_id: withDocuments.id,
        document_type: "Driver's License",
      }),
    ])
    expect(
      (await opsLines()).some((line) =>
        /pending@meridian\.example.*no documents on file/.test(line),
      ),
    ).toBe(true)
  })

  it('asks the customer with no documents for them: declined with the reason, out of the queue', async () => {
    const list = await listed()
    const noDocuments = list.submissions.find((row) => row.id === null)
    const withDocuments = list.submissions.find((row) => row.id !== null)
    const reason = 'No identity document is on file: please submit your document.'

    const refused = await callAs(t, team.kyc, 'kycaskfordocuments', {
      customer_id: String(withDocuments?.customer_id),
      reason,
    })
    expect(refused.body).toEqual({
      status: false,
      message: `This customer's documents are on file: open KYC submission ${withDocuments?.id} to decide it.`,
    })
    const notKyc = await callAs(t, team.payments, 'kycaskfordocuments', {
      customer_id: String(noDocuments?.customer_id),
      reason,
    })
    expect(notKyc.status).toBe(403)

    const asked = await callAs(t, team.kyc, 'kycaskfordocuments', {
      customer_id: String(noDocuments?.customer_id),
      reason,
    })
    expect(asked.body).toEqual({
      status: true,
      message: 'pending@meridian.example is asked by e-mail to send their documents.',
    })
    const [customer] = await t.db
      .select({ status: users.verificationStatus })
      .from(users)
      .where(eq(users.email, 'pending@meridian.example'))
    expect(customer?.status).toBe('Declined')
    const [entry] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.staffId, team.kyc.id))
      .orderBy(desc(operatorAuditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ command: 'kyc decline', outcome: 'done' })

    const after = await listed()
    expect(after.submissions.map((row) => row.id)).toEqual([withDocuments?.id])
    expect(await counted()).toBe(1)
    expect(await opsLines()).toHaveLength(1)
  })
})
