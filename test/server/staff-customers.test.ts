import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/database'
import {
  accountNotices,
  bankAccounts,
  kycSubmissions,
  notifications,
  operatorAuditLog,
  users,
} from '#server/db/schema'
import { openCustomerPage } from '#server/domain/customer-page'
import { runOpsCommand } from '#server/ops/run'
import { databaseTargets } from './support/databases'
import { png } from './support/files'
import { payingCustomer } from './support/money'
import { staffCall } from './support/staff'
import { callAs, enrolTeam, fundingRequest, kycSubmission, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The console's customers and files (issue 17, docs/decisions/072): search by e-mail, name and
 * account number on its indexes, the customer's page (an audited read), what support does for a
 * customer, the files endpoint's headers and roles, and a disabled person shut out.
 */

const readEntries = (t: TestApp, staffId: number, command: string) =>
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

/** The plan of a query with sequential scans priced out: which indexes can serve it. */
async function planOf(db: Database, query: ReturnType<typeof sql>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`)
    const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as {
      rows: Record<string, string>[]
    }
    return result.rows.map((row) => Object.values(row)[0]).join('\n')
  })
}

describe.each(databaseTargets)('the console’s customers and files on %s', (target) => {
  let t: TestApp
  let team: Team

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'customers')
  })
  afterAll(() => t.close())

  const accountNoOf = async (userId: number) => {
    const [account] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId))
    return account?.accountNo as string
  }

  it('customersearch finds by the start of the e-mail, the name, the last name and the account number', async () => {
    const customer = await payingCustomer(t, 0)
    await t.db
      .update(users)
      .set({ fullname: 'Zoe Quintana Marsh', lastName: 'Marsh' })
      .where(eq(users.id, customer.id))
    const accountNo = await accountNoOf(customer.id)
    const found = async (query: string) => {
      const answer = await callAs(t, team.support, 'customersearch', { query })
      expect(answer.status).toBe(200)
      return (answer.body.customers as { id: number }[]).map((row) => row.id)
    }
    expect(await found(customer.email.slice(0, 12))).toContain(customer.id)
    expect(await found(customer.email.toUpperCase())).toEqual([customer.id])
    expect(await found('zoe quin')).toContain(customer.id)
    expect(await found('MARSH')).toContain(customer.id)
    expect(await found(accountNo)).toEqual([customer.id])
    expect(await found('%%')).toEqual([])
    const short = await callAs(t, team.support, 'customersearch', { query: 'z' })
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'The search must be at least 2 characters.' },
    })
    const row = (await callAs(t, team.payments, 'customersearch', { query: accountNo })).body
      .customers as Record<string, unknown>[]
    expect(row[0]).toMatchObject({
      email: customer.email,
      account_no: accountNo,
      plan: expect.any(String),
    })
  })

  it('the search is served by its indexes, not by reading every customer', async () => {
    const plans = [
      await planOf(t.db, sql`SELECT id FROM users WHERE email LIKE ${'ana%'}`),
      await planOf(t.db, sql`SELECT id FROM users WHERE lower(fullname) LIKE ${'ana%'}`),
      await planOf(t.db, sql`SELECT id FROM users WHERE lower(last_name) LIKE ${'ruiz%'}`),
      await planOf(t.db, sql`SELECT user_id FROM bank_accounts WHERE account_no LIKE ${'12%'}`),
    ]
    expect(plans[0]).toContain('users_email_search_idx')
    expect(plans[1]).toContain('users_name_search_idx')
    expect(plans[2]).toContain('users_last_name_search_idx')
    expect(plans[3]).toContain('bank_accounts_no_search_idx')
  })

  it('customerpage: profile, KYC with documents, balances, sessions, lock, notice; the read is audited', async () => {
    const customer = await payingCustomer(t, 12_345)
    await fundingRequest(t, customer.id, 'deposit', 5_000)
    const answer = await callAs(t, team.support, 'customerpage', {
      customer_id: String(customer.id),
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      profile: { id: customer.id, email: customer.email, email_verified: true },
      kyc: { verification_status: 'Verified', submissions: [], requests: [] },
      account: { account_no: await accountNoOf(customer.id), available: 12_345, booked: 12_345 },
      requests: [expect.objectContaining({ kind: 'deposit', amount: 5_000, status: 'pending' })],
      transfers: [],
      live_sessions: 1,
      sign_in: { failed_count: 0, locked_until: null, locked: false },
      notice: null,
    })
    expect(await readEntries(t, team.support.id, 'customers show')).toContainEqual(
      expect.objectContaining({ customerId: customer.id, operator: team.support.email }),
    )
    const missing = await callAs(t, team.support, 'customerpage', { customer_id: '999999' })
    expect(missing).toMatchObject({
      status: 404,
      body: { message: 'No customer with the id 999999.' },
    })
  })

  it('customerledger: the statement lines newest first, a page at a time', async () => {
    const customer = await payingCustomer(t, 7_000)
    const answer = await callAs(t, team.auditor, 'customerledger', {
      customer_id: String(customer.id),
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ page: 1, page_size: 50, total: expect.any(Number) })
    const empty = await callAs(t, team.auditor, 'customerledger', {
      customer_id: String(customer.id),
      page: '99',
    })
    expect(empty.body.lines).toEqual([])
  })

  it('support ends the sessions, unlocks, sets and clears the notice, and notifies', async () => {
    const customer = await payingCustomer(t, 0)
    const id = String(customer.id)
    const ended = await callAs(t, team.support, 'customerendsessions', { customer_id: id })
    expect(ended.body).toEqual({
      status: true,
      message: `1 session of ${customer.email} ended.`,
      ended: 1,
    })
    expect((await t.action('dashboard', { token: customer.token })).status).toBe(401)

    await t.db
      .update(users)
      .set({ failedLoginCount: 5, lockedUntil: new Date(t.clock.now().getTime() + 600_000) })
      .where(eq(users.id, customer.id))
    const locked = await callAs(t, team.support, 'customerpage', { customer_id: id })
    expect(locked.body.sign_in).toMatchObject({ failed_count: 5, locked: true })
    expect((await callAs(t, team.support, 'customerunlock', { customer_id: id })).body.status).toBe(
      true,
    )
    const [unlocked] = await t.db.select().from(users).where(eq(users.id, customer.id))
    expect(unlocked).toMatchObject({ failedLoginCount: 0, lockedUntil: null })

    const set = await callAs(t, team.support, 'customernotice', {
      customer_id: id,
      change: 'set',
      head: 'Account on hold',
      body: 'Please call us.',
    })
    expect(set.body.status).toBe(true)
    expect(
      await t.db.select().from(accountNotices).where(eq(accountNotices.userId, customer.id)),
    ).toHaveLength(1)
    const cleared = await callAs(t, team.support, 'customernotice', {
      customer_id: id,
      change: 'clear',
    })
    expect(cleared.body).toEqual({
      status: true,
      message: `The notice on ${customer.email} is removed.`,
    })
    const twice = await callAs(t, team.support, 'customernotice', {
      customer_id: id,
      change: 'clear',
    })
    expect(twice.body).toEqual({ status: false, message: `${customer.email} has no notice.` })

    const notified = await callAs(t, team.support, 'customernotify', {
      customer_id: id,
      title: 'Hello',
      body: 'Your card is on its way.',
    })
    expect(notified.body.status).toBe(true)
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.id), eq(notifications.title, 'Hello'))),
    ).toHaveLength(1)
    const audited = await t.db
      .select({ command: operatorAuditLog.command })
      .from(operatorAuditLog)
      .where(
        and(eq(operatorAuditLog.staffId, team.support.id), eq(operatorAuditLog.outcome, 'done')),
      )
    expect(audited.map((row) => row.command)).toEqual(
      expect.arrayContaining([
        'customers end-sessions',
        'customers unlock',
        'notice set',
        'notice clear',
        'notify',
      ]),
    )
  })

  it('files: a KYC document to kyc, support and the auditor, with the headers; a proof not to support; each load audited', async () => {
    const customer = await kycSubmission(t)
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    const get = (path: string, person = team.kyc, headers: Record<string, string> = {}) =>
      t.app.request(path, { headers: { cookie: `staff_session=${person.jar.token}`, ...headers } })

    const photo = await get(`/wp-admin/files/${submission?.pictureFileId}`, team.kyc, {
      'sec-fetch-site': 'same-origin',
    })
    expect(photo.status).toBe(200)
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png)
    expect(Object.fromEntries(photo.headers)).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'content-disposition': `inline; filename="kyc_picture-${submission?.pictureFileId}.png"`,
      'content-security-policy': expect.stringMatching(
        /^sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'/,
      ),
    })
    const back = await get(`/wp-admin/files/${submission?.backFileId}`, team.support)
    expect(back.status).toBe(200)
    expect(back.headers.get('content-type')).toBe('application/pdf')
    expect(back.headers.get('content-security-policy')).toBe(
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    expect((await get(`/wp-admin/files/${submission?.frontFileId}`, team.auditor)).status).toBe(200)
    expect((await get(`/wp-admin/files/${submission?.frontFileId}`, team.payments)).status).toBe(
      403,
    )

    const payer = await payingCustomer(t, 0)
    const { proofFileId } = await fundingRequest(t, payer.id)
    expect((await get(`/wp-admin/files/${proofFileId}`, team.payments)).status).toBe(200)
    const refused = await get(`/wp-admin/files/${proofFileId}`, team.support)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('cache-control')).toBe('no-store')

    expect((await t.app.request(`/wp-admin/files/${proofFileId}`)).status).toBe(401)
    expect(
      (
        await get(`/wp-admin/files/${proofFileId}`, team.payments, {
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403)
    expect(
      (await get(`/wp-admin/files/${proofFileId}`, team.payments, { origin: 'https://evil.test' }))
        .status,
    ).toBe(403)
    expect((await get('/wp-admin/files/999999', team.payments)).status).toBe(404)

    expect(await readEntries(t, team.support.id, 'files show')).toContainEqual(
      expect.objectContaining({
        args: { id: submission?.backFileId, purpose: 'kyc_back', customer: customer.id },
      }),
    )
    expect(await readEntries(t, team.payments.id, 'files show')).toHaveLength(1)
  })

  it('npm run ops: customers show, end-sessions and unlock, under the person named', async () => {
    const customer = await payingCustomer(t, 0)
    const run = (...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as: team.support.email, now: t.clock.now() })
    const shown = await run('customers', 'show', customer.email)
    expect(shown.exitCode).toBe(0)
    expect(JSON.parse(shown.output)).toMatchObject({ profile: { email: customer.email } })
    expect(await run('customers', 'end-sessions', customer.email)).toEqual({
      exitCode: 0,
      output: `1 session(s) of ${customer.email} ended.`,
    })
    expect(await run('customers', 'unlock', customer.email)).toEqual({
      exitCode: 0,
      output: `${customer.email} may sign in again now.`,
    })
    const entries = await t.db
      .select({ command: operatorAuditLog.command, outcome: operatorAuditLog.outcome })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.staffId, team.support.id))
    expect(entries).toEqual(
      expect.arrayContaining([
        { command: 'customers show', outcome: 'read' },
        { command: 'customers end-sessions', outcome: 'done' },
        { command: 'customers unlock', outcome: 'done' },
      ]),
    )
    const byPayments = await runOpsCommand(t.db, ['customers', 'unlock', customer.email], {
      operator: 'olga',
      as: team.payments.email,
      now: t.clock.now(),
    })
    expect(byPayments.exitCode).toBe(1)
  })

  it('a disabled person is out at their next call, and their tasks refuse them from any door', async () => {
    const { enrolWithTotp } = await import('./support/staff')
    const leaving = await enrolWithTotp(t, team.admin.actor, 'leaving@staff.test', ['support'])
    const customer = await payingCustomer(t, 0)
    expect(
      (await callAs(t, leaving, 'customerpage', { customer_id: String(customer.id) })).status,
    ).toBe(200)
    const disabled = await staffCall(
      t,
      'staffdisable',
      { staff_id: String(leaving.id) },
      { jar: team.admin.jar },
    )
    expect(disabled.body.status).toBe(true)
    const after = await callAs(t, leaving, 'customerpage', { customer_id: String(customer.id) })
    expect(after.status).toBe(401)
    const direct = await openCustomerPage(t.deps, leaving.actor, customer.id)
    expect(direct).toEqual({ ok: false, message: 'Your staff account is not active.' })
  })
})
