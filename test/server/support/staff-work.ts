import { eq } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { fundingRequests, mailOutbox, staff } from '#server/db/schema'
import { createRequest, type FundingKind } from '#server/domain/funding-requests'
import { requestKyc, submitVerification } from '#server/domain/kyc-review'
import { createCustomer } from './customers'
import { fileOf, pdf, png } from './files'
import { newTxHash } from './money'
import { type EnrolledStaff, enrolWithTotp, staffCall, terminal } from './staff'
import type { TestApp } from './test-app'

/**
 * The console's queues in tests (docs/decisions/072): a team of staff with names, and the items
 * they work on, each made the way the portal makes it (the customer's own domain calls).
 */

export interface Team {
  admin: EnrolledStaff
  kyc: EnrolledStaff
  kyc2: EnrolledStaff
  payments: EnrolledStaff
  payments2: EnrolledStaff
  support: EnrolledStaff
  auditor: EnrolledStaff
}

const people: [keyof Team, StaffRole[], string][] = [
  ['kyc', ['kyc'], 'Ana Ruiz'],
  ['kyc2', ['kyc'], 'Ben Cole'],
  ['payments', ['payments'], 'Cara Diaz'],
  ['payments2', ['payments'], 'Dev Shah'],
  ['support', ['support'], 'Eva Lind'],
  ['auditor', ['auditor'], 'Finn Holt'],
]

export async function enrolTeam(t: TestApp, prefix: string): Promise<Team> {
  const admin = await enrolWithTotp(t, terminal, `${prefix}-admin@staff.test`, ['admin'])
  const team: Partial<Team> = { admin }
  for (const [key, roles, name] of people) {
    const person = await enrolWithTotp(t, admin.actor, `${prefix}-${key}@staff.test`, roles)
    await t.db.update(staff).set({ name }).where(eq(staff.id, person.id))
    team[key] = person
  }
  return team as Team
}

/** A staff call as `person`, answering the status and body. */
export const callAs = (
  t: TestApp,
  person: EnrolledStaff,
  action: string,
  fields: Record<string, string> = {},
) => staffCall(t, action, fields, { jar: person.jar })

/** A customer's KYC submission from sign-up (photo and both sides of a document). */
export async function kycSubmission(t: TestApp) {
  const customer = await createCustomer(t, { verificationStatus: 'Not Verified' })
  const outcome = await submitVerification(t.deps, customer.id, {
    type: "Driver's License",
    country: 'Spain',
    phone: '+34600000000',
    homeAddress: '1 Calle Mayor, Madrid',
    dateOfBirth: '1988-04-12',
    documentNumber: 'X1234567L',
    documentCountry: 'ES',
    documentExpiry: '2031-06-30',
    pic: fileOf(png, 'me.png'),
    idcardFront: fileOf(png, 'front.png'),
    idcardBack: fileOf(pdf, 'back.pdf'),
  })
  if (outcome.outcome !== 'submitted') throw new Error(`KYC: ${JSON.stringify(outcome)}`)
  return customer
}

/** A signed-in customer's KYC request from the dashboard, its document a PDF. */
export async function kycDashboardRequest(t: TestApp) {
  const customer = await createCustomer(t)
  const sent = await requestKyc(t.deps, customer.id, {
    type: "Driver's License",
    document: fileOf(pdf, 'licence.pdf'),
  })
  if (sent.outcome !== 'sent') throw new Error(`KYC request: ${sent.outcome}`)
  return customer
}

/** A pending funding request with its proof, as the deposit form leaves it. */
export async function fundingRequest(
  t: TestApp,
  userId: number,
  kind: FundingKind = 'deposit',
  amount = 25_000,
  /** A payment's purpose, a fixed deposit's or an upgrade's plan. */
  chosen: { purpose?: string; plan?: string } = {},
) {
  const now = t.clock.now()
  const proof = await t.deps.uploads.check(fileOf(png), 'payment_proof')
  const txHash = newTxHash()
  await t.db.transaction((tx) =>
    createRequest(
      tx,
      t.deps.uploads,
      { userId, kind, coinType: 'Bitcoin (BTC)', amount, txHash, proof, ...chosen },
      now,
    ),
  )
  const [request] = await t.db
    .select({ proofFileId: fundingRequests.proofFileId })
    .from(fundingRequests)
    .where(eq(fundingRequests.txHash, txHash))
  if (!request) throw new Error('the funding request was not made')
  return { txHash, proofFileId: request.proofFileId }
}

/** An e-mail the delivery worker gave up on. */
export async function failedMail(t: TestApp, to = 'nobody@example.com') {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({
      recipient: to,
      subject: 'Your statement',
      textBody: 'Hello',
      status: 'failed',
      attempts: 5,
      lastError: 'connection refused',
      createdAt: t.clock.now(),
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('mail insert returned nothing')
  return row.id
}
