import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type StaffCallDefinition,
  type StaffCallName,
  type StaffRole,
  staffCallNames,
  staffCalls,
} from '#api/contract/staff'
import { fundingRequests, kycSubmissions, operatorAuditLog } from '#server/db/schema'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import type { EnrolledStaff } from './support/staff'
import { callAs, enrolTeam, fundingRequest, kycSubmission, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Every read of a customer's personal data or money is in the audit log, whichever call reads
 * it (issue 32, docs/decisions/098). Each staff call is in one of two columns: it declares what
 * it reads (`reads`), or it is listed here with why it reads no customer's data. A new call
 * fails this test until someone decides which.
 */
const readsNoCustomerData: Partial<Record<StaffCallName, string>> = {
  enrolcheck: 'the enrolling person’s own name',
  enrolpassword: 'sets one’s own password',
  passkeyoptions: 'one’s own passkeys',
  passkeyregister: 'one’s own passkey',
  secondfactor: 'signing in',
  signin: 'signing in',
  signinoptions: 'signing in',
  stepup: 'one’s own password and factor',
  stepupoptions: 'one’s own passkeys',
  totpbegin: 'one’s own authenticator',
  totpconfirm: 'one’s own authenticator',
  keepalive: 'one’s own session',
  mysessions: 'one’s own sessions',
  signout: 'one’s own session',
  signoutothers: 'one’s own sessions',
  whoami: 'oneself',
  staffadd: 'staff, not customers',
  staffdisable: 'staff, not customers',
  stafflist: 'staff, not customers',
  staffresend: 'staff, not customers',
  staffresetsignin: 'staff, not customers',
  staffroles: 'staff, not customers',
  queues: 'counts only',
  broadcastpage: 'counts of customers per plan only',
  figures: 'the bank’s totals per day, no customer',
  settingslist: 'the bank’s settings',
  settingsarea: 'the bank’s settings',
  // Changes: each is in the log as the change it makes (`audit`), with its customer.
  kycdecide: 'a decision, logged as one',
  kycrequestdecide: 'a decision, logged as one',
  kycaskfordocuments: 'a decision, logged as one',
  requestdecide: 'a decision, logged as one',
  transferdecide: 'a decision, logged as one',
  approvaldecide: 'a decision, logged as one',
  customerendsessions: 'a change, logged as one',
  customerunlock: 'a change, logged as one',
  customernotice: 'a change, logged as one',
  customernotify: 'a change, logged as one',
  correctionpropose: 'a change, logged as one',
  customerfreeze: 'a change, logged as one',
  customerunfreeze: 'a change, logged as one',
  broadcastpropose: 'a change, logged as one',
  settingspropose: 'a change, logged as one',
  mailretry: 'a change, logged as one',
}

const readers = staffCallNames.filter((name) => (staffCalls[name] as StaffCallDefinition).reads)

describe('the staff calls that read customers’ data', () => {
  it.each(staffCallNames)(
    '%s is in one column: it says what it reads, or why it reads none',
    (name) => {
      const declared = (staffCalls[name] as StaffCallDefinition).reads
      const reason = readsNoCustomerData[name]
      expect(
        Boolean(declared) !== Boolean(reason),
        `${name}: declare reads in the contract, or give the reason it reads no customer's data here (not both)`,
      ).toBe(true)
    },
  )
})

describe.each(databaseTargets)('reads in the audit log, on %s', (target) => {
  let t: TestApp
  let team: Team
  let fields: Record<string, Record<string, string>>
  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'reads')
    const customer = await createCustomer(t)
    await fundingRequest(t, customer.id)
    const [request] = await t.db
      .select({ id: fundingRequests.id })
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    const submitted = await kycSubmission(t)
    const [submission] = await t.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, submitted.id))
    const proposed = await callAs(t, team.support, 'broadcastpropose', {
      title: 'Branch closed',
      body: 'Our branch is closed on Monday.',
    })
    const approval = /\(approval (\d+), until /.exec(String(proposed.body.message))?.[1] ?? '0'
    const customerId = String(customer.id)
    fields = {
      customersearch: { query: customer.email.slice(0, 6) },
      customerpage: { customer_id: customerId },
      customerledger: { customer_id: customerId },
      kyccase: { id: String(submission?.id) },
      requestcase: { id: String(request?.id) },
      approvalcase: { id: approval },
      auditlist: { customer: customer.email },
    }
  })
  afterAll(() => t.close())

  const personWith = (roles: readonly StaffRole[] | 'any'): EnrolledStaff => {
    const byRole: Record<StaffRole, EnrolledStaff> = {
      admin: team.admin,
      kyc: team.kyc,
      payments: team.payments,
      support: team.support,
      configuration: team.admin,
      auditor: team.auditor,
    }
    return roles === 'any' ? team.auditor : byRole[roles[0] as StaffRole]
  }

  it.each(readers)('%s: the read is written with the person and what they asked', async (name) => {
    const definition = staffCalls[name] as StaffCallDefinition
    // An approval is read by those who check it: the broadcast's, by support.
    const person = name === 'approvalcase' ? team.support : personWith(definition.roles)
    const sent = fields[name] ?? {}
    const answer = await callAs(t, person, name, sent)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const [entry] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.staffId, person.id),
          eq(operatorAuditLog.command, definition.reads as string),
        ),
      )
      .orderBy(desc(operatorAuditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ outcome: 'read', operator: person.email })
    expect(entry?.args).toMatchObject(sent)
  })
})
