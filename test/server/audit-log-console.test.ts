import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { bankAccounts, fundingRequests, kycSubmissions, operatorAuditLog } from '#server/db/schema'
import { auditPageQuery, cappedCountQuery, filterCondition } from '#server/domain/audit-entries'
import { recordOperatorAction } from '#server/domain/audit-log'
import { runOpsCommand } from '#server/ops/run'
import { staffCookieName } from '#server/staff/dispatcher'
import { databaseTargets } from './support/databases'
import type { EnrolledStaff } from './support/staff'
import { callAs, enrolTeam, fundingRequest, kycSubmission, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The audit log in the console (issue 18, docs/decisions/075): the auditor and the admin read
 * it, newest first, 50 a page, filtered by person, action, customer and days, each entry with
 * the customer and the item it touched; the same filter downloads it as CSV; every read of it
 * is itself in the log.
 */

type AuditList = StaffCallResponse<'auditlist'>

describe.each(databaseTargets)('the audit log in the console on %s', (target) => {
  let t: TestApp
  let team: Team
  let customer: { id: number; email: string }
  let accountNo: string
  let submissionId: number
  let requestId: number

  const list = async (person: EnrolledStaff, fields: Record<string, string> = {}) => {
    const answer = await callAs(t, person, 'auditlist', fields)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as AuditList
  }

  const download = (query: string, person?: EnrolledStaff, headers: Record<string, string> = {}) =>
    t.app.request(`/wp-admin/exports/audit.csv${query}`, {
      headers: {
        ...headers,
        ...(person ? { cookie: `${staffCookieName}=${person.jar.token}` } : {}),
      },
    })

  beforeAll(async () => {
    t = await startTestApp(target)
    // Before any member of staff exists, the terminal acts alone (two days before the rest).
    const charged = await runOpsCommand(t.db, ['config', 'charge', '5'], {
      operator: 'root',
      now: new Date(t.clock.now().getTime() - 2 * 24 * 3600_000),
    })
    expect(charged.exitCode).toBe(0)
    team = await enrolTeam(t, 'audit')
    customer = await kycSubmission(t)
    const [submission] = await t.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    submissionId = submission?.id as number
    await fundingRequest(t, customer.id)
    const [request] = await t.db
      .select({ id: fundingRequests.id })
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    requestId = request?.id as number
    const [account] = await t.db
      .select({ no: bankAccounts.accountNo })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, customer.id))
    accountNo = account?.no as string
    await callAs(t, team.kyc, 'kycdecide', { id: String(submissionId), decision: 'approve' })
    await callAs(t, team.payments, 'requestdecide', { id: String(requestId), decision: 'confirm' })
    await callAs(t, team.support, 'customerpage', { customer_id: String(customer.id) })
    // Refused: the auditor changes nothing, and the refusal is on record under their name.
    const refused = await callAs(t, team.auditor, 'requestdecide', {
      id: String(requestId),
      decision: 'decline',
      reason: 'x',
    })
    expect(refused.status).toBe(403)
  })
  afterAll(() => t.close())

  it('lists the log newest first, each entry with who, what, the customer and the item it touched', async () => {
    const page = await list(team.auditor)
    const commands = page.entries.map((entry) => entry.command)
    expect(commands.slice(0, 4)).toEqual([
      'requests decline',
      'customers show',
      'requests confirm',
      'kyc approve',
    ])
    const [declined, shown, confirmed, approved] = page.entries
    expect(declined).toMatchObject({
      person: { staff_id: team.auditor.id, name: 'Finn Holt', operator: team.auditor.email },
      outcome: 'refused',
      detail: 'Your roles do not allow this.',
      customer: null,
    })
    expect(shown).toMatchObject({
      person: { name: 'Eva Lind' },
      outcome: 'read',
      customer: { id: customer.id, email: customer.email },
      subject: { kind: 'customer', id: customer.id },
    })
    expect(confirmed).toMatchObject({
      person: { name: 'Cara Diaz' },
      outcome: 'done',
      customer: { id: customer.id },
      subject: { kind: 'funding_request', id: requestId },
    })
    expect(JSON.parse(confirmed?.args ?? '')).toMatchObject({ id: String(requestId) })
    expect(approved).toMatchObject({
      person: { name: 'Ana Ruiz' },
      customer: { id: customer.id },
      subject: { kind: 'kyc_submission', id: submissionId },
    })
    const ids = page.entries.map((entry) => entry.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(page.commands).toEqual(expect.arrayContaining(['config charge', 'kyc approve']))
    expect(page.people.map((person) => person.name)).toContain('Finn Holt')
  })

  it('finds the customer and the item in the terminal’s words too', async () => {
    const ops = (as: EnrolledStaff, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'root', as: as.email, now: t.clock.now() })
    expect((await ops(team.support, 'notify', customer.email, 'Hello', 'there')).exitCode).toBe(0)
    expect((await ops(team.payments, 'requests', 'decline', String(requestId))).exitCode).toBe(1)
    expect((await ops(team.admin, 'staff', 'roles', team.kyc2.email, 'kyc,support')).exitCode).toBe(
      0,
    )
    const newest = await list(team.auditor)
    expect(newest.entries.slice(0, 3).map((entry) => [entry.command, entry.subject])).toEqual([
      ['staff roles', { kind: 'staff', id: team.kyc2.id }],
      ['requests decline', { kind: 'funding_request', id: requestId }],
      ['notify', { kind: 'customer', id: customer.id }],
    ])
    expect(newest.entries[1]).toMatchObject({ outcome: 'refused', customer: { id: customer.id } })
  })

  it('filters by person, the terminal, action, customer (e-mail or account number) and days', async () => {
    const byPerson = await list(team.auditor, { person: String(team.payments.id) })
    expect(new Set(byPerson.entries.map((entry) => entry.person.staff_id))).toEqual(
      new Set([team.payments.id]),
    )
    const terminal = await list(team.auditor, { person: 'terminal' })
    expect(terminal.entries.map((entry) => [entry.command, entry.person.operator])).toContainEqual([
      'config charge',
      'root',
    ])
    expect(terminal.entries.every((entry) => entry.person.staff_id === null)).toBe(true)
    const byAction = await list(team.auditor, { command: 'kyc approve' })
    expect(byAction.entries.map((entry) => entry.command)).toEqual(['kyc approve'])
    for (const named of [customer.email.toUpperCase(), accountNo]) {
      const byCustomer = await list(team.auditor, { customer: named })
      expect(byCustomer.customer).toMatchObject({ id: customer.id, email: customer.email })
      expect(byCustomer.entries.map((entry) => entry.command)).toEqual([
        'requests decline',
        'notify',
        'customers show',
        'requests confirm',
        'kyc approve',
      ])
    }
    const nobody = await list(team.auditor, { customer: 'nobody@example.com' })
    expect(nobody).toMatchObject({ entries: [], total: 0, unknown_customer: true })
    const today = t.clock.now().toISOString().slice(0, 10)
    const before = new Date(t.clock.now().getTime() - 2 * 24 * 3600_000).toISOString().slice(0, 10)
    const onlyToday = await list(team.auditor, { from: today, to: today })
    expect(onlyToday.entries.map((entry) => entry.command)).toContain('kyc approve')
    expect(onlyToday.entries.map((entry) => entry.command)).not.toContain('config charge')
    const twoDaysAgo = await list(team.auditor, { from: before, to: before })
    expect(twoDaysAgo.entries.map((entry) => entry.command)).toEqual(['config charge'])
    const todayNow = await list(team.auditor, { from: today, to: today })
    const since = await list(team.auditor, { from: before })
    // Today's entries, the read of them just made, and the terminal's two days before.
    expect(since.total).toBe(todayNow.total + 1 + 1)
    const refused = await callAs(t, team.auditor, 'auditlist', { from: '31/12/2026' })
    expect(refused.status).toBe(400)
  })

  it('writes every read of the log to the log, with the filter it used', async () => {
    await list(team.admin, { command: 'kyc approve' })
    const [read] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.staffId, team.admin.id),
          eq(operatorAuditLog.command, 'audit list'),
        ),
      )
    expect(read).toMatchObject({
      outcome: 'read',
      args: { command: 'kyc approve' },
      customerId: null,
    })
  })

  it('pages 50 at a time by keyset, and holds the pages still while entries arrive', async () => {
    await t.db.execute(sql`
      INSERT INTO operator_audit_log (at, operator, command, args, outcome, detail)
      SELECT ${t.clock.now().toISOString()}::timestamptz, 'root', 'fixed-deposits mature',
             '[]'::jsonb, 'done', 'Matured ' || n || '.'
      FROM generate_series(1, 120) AS n`)
    const first = await list(team.auditor)
    expect(first.entries).toHaveLength(50)
    expect(first).toMatchObject({ page: 1, page_size: 50, newer: null, total_capped: false })
    // Reading the first page wrote an entry, newer than all: the next page does not shift.
    const second = await list(team.auditor, { page: '2', after: first.older as string })
    expect(second.page).toBe(2)
    expect(second.entries[0]?.id).toBe((first.entries[49]?.id as number) - 1)
    const seen = new Set([...first.entries, ...second.entries].map((entry) => entry.id))
    expect(seen.size).toBe(100)
    // Back from the second page: the same 50 entries, and newer ones waiting above them.
    const back = await list(team.auditor, { page: '1', before: second.newer as string })
    expect(back.entries.map((entry) => entry.id)).toEqual(first.entries.map((entry) => entry.id))
    expect(back.newer).not.toBeNull()
    // To the last page: every entry once, newest first by time then id, and no page after it.
    const walked = [...first.entries]
    let page = first
    for (let number = 2; page.older !== null; number++) {
      page = await list(team.auditor, { page: String(number), after: page.older })
      walked.push(...page.entries)
    }
    expect(page.older).toBeNull()
    const order = walked.map((entry) => [entry.at, entry.id] as const)
    expect(order).toEqual(
      [...order].sort(([at, id], [otherAt, otherId]) =>
        at === otherAt ? otherId - id : otherAt.localeCompare(at),
      ),
    )
    expect(new Set(walked.map((entry) => entry.id)).size).toBe(walked.length)
    const [inLog] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorAuditLog)
      .where(sql`${operatorAuditLog.id} <= ${first.entries[0]?.id as number}`)
    expect(walked.length).toBe(inLog?.n)
  })

  it('refuses a page edge it did not write', async () => {
    for (const after of ['bm90LWEtY3Vyc29y', 'x'.repeat(201), 'a b']) {
      const refused = await callAs(t, team.auditor, 'auditlist', { after })
      expect(refused.status, after).toBe(400)
    }
  })

  it('is the auditor’s and the admin’s only', async () => {
    for (const person of [team.support, team.kyc, team.payments]) {
      const answer = await callAs(t, person, 'auditlist')
      expect(answer.status).toBe(403)
    }
    expect((await callAs(t, team.admin, 'auditlist')).status).toBe(200)
  })

  it('downloads the filtered log as CSV, streamed, quoted, kept from spreadsheet formulas', async () => {
    await recordOperatorAction(t.db, {
      actor: { staffId: team.support.id, email: team.support.email },
      command: 'notify',
      args: { customer_id: String(customer.id), title: '=HYPERLINK("x")', body: 'a, "b"\nc' },
      outcome: 'done',
      detail: 'Notification sent, "quoted"',
      at: t.clock.now(),
    })
    const response = await download(
      `?customer=${encodeURIComponent(customer.email)}`,
      team.auditor,
      { 'sec-fetch-site': 'same-origin' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text.startsWith('id,at,person,operator,staff_id,action,outcome,')).toBe(true)
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(1 + 6 + 1)
    expect(lines[1]).toContain(',Eva Lind,')
    expect(lines[1]).toContain(',notify,done,')
    // The arguments as JSON (jsonb orders the keys), one quoted cell.
    expect(lines[1]).toContain(`""title"":""=HYPERLINK(\\""x\\"")""`)
    expect(lines[1]).toContain(`""body"":""a, \\""b\\""\\nc""`)
    expect(lines[1]).toContain(',"Notification sent, ""quoted"""')
    expect(lines.slice(2, 7).map((line) => line.split(',')[5])).toEqual([
      'requests decline',
      'notify',
      'customers show',
      'requests confirm',
      'kyc approve',
    ])
    const [exported] = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.staffId, team.auditor.id),
          eq(operatorAuditLog.command, 'audit export'),
        ),
      )
    expect(exported).toMatchObject({
      outcome: 'read',
      args: { filter: { customer: customer.email } },
    })
  })

  it('streams the whole log however long, in batches', async () => {
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(operatorAuditLog)
    await t.db.execute(sql`
      INSERT INTO operator_audit_log (at, operator, command, args, outcome, detail)
      SELECT ${t.clock.now().toISOString()}::timestamptz, 'root', 'mail retry',
             jsonb_build_array(n::text), 'done', '=1+1'
      FROM generate_series(1, 2100) AS n`)
    const text = await (await download('', team.admin)).text()
    const lines = text.split('\r\n').slice(1, -1)
    // Every entry, and the download's own read, written before its first row.
    expect(lines).toHaveLength((count?.n ?? 0) + 2100 + 1)
    expect(lines[0]?.split(',')[5]).toBe('audit export')
    expect(lines[1]).toContain(",'=1+1,")
  })

  it('refuses a download without a session, to another role, from another site, with a bad filter', async () => {
    const nobody = await download('')
    expect(nobody.status).toBe(401)
    expect(await nobody.json()).toEqual({
      error: true,
      message: 'Your session has ended. Please sign in again.',
    })
    expect((await download('', team.support)).status).toBe(403)
    expect((await download('', team.auditor, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await download('', team.auditor, { origin: 'https://evil.example' })).status).toBe(403)
    const bad = await download('?from=yesterday', team.auditor)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: true,
      message: 'The first day must be a date (YYYY-MM-DD).',
    })
  })

  it('counts to 10,000 and says more, and reads its pages and the last days on the time index', async () => {
    // A year of entries, one every 50 minutes, 10,500 in all: more than the count goes to.
    // Written without the chain's trigger (replica mode), which hashes them one at a time for
    // half a minute on PGlite: nothing here reads the chain.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      await tx.execute(sql`
        INSERT INTO operator_audit_log (at, operator, command, args, outcome, detail)
        SELECT ${t.clock.now().toISOString()}::timestamptz - make_interval(mins => 50 * n),
               'root', CASE WHEN n % 2 = 0 THEN 'mail retry' ELSE 'fixed-deposits mature' END,
               '[]'::jsonb, 'done', 'Old ' || n
        FROM generate_series(1, 10500) AS n`)
    })
    await t.db.execute(sql`ANALYZE operator_audit_log`)
    const everything = await list(team.auditor)
    expect(everything).toMatchObject({ total: 10_000, total_capped: true })
    const weekAgo = new Date(t.clock.now().getTime() - 7 * 24 * 3600_000).toISOString()
    const lastWeek = await list(team.auditor, { from: weekAgo.slice(0, 10) })
    expect(lastWeek.total_capped).toBe(false)
    expect(lastWeek.total).toBeLessThan(10_000)

    const planOf = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL()
      const plan = (await t.db.execute(sql.raw(`EXPLAIN ${inline(text, params)}`))) as unknown as {
        rows: Record<string, string>[]
      }
      return plan.rows.map((row) => Object.values(row)[0]).join('\n')
    }
    const days = filterCondition({ from: weekAgo.slice(0, 10) }, null)
    const edge = { older: { at: `${weekAgo.slice(0, 10)} 12:00:00+00`, id: 2 ** 31 - 1 } }
    for (const [what, query] of [
      ['the first page', auditPageQuery(t.db, undefined, null)],
      ['a page further', auditPageQuery(t.db, undefined, edge)],
      ['the last days', auditPageQuery(t.db, days, null)],
      ['the last days counted', cappedCountQuery(t.db, days)],
    ] as const) {
      const plan = await planOf(query)
      expect(plan, `${what}\n${plan}`).toMatch(/operator_audit_log_at_idx/)
      expect(plan, `${what}\n${plan}`).not.toMatch(/Seq Scan on operator_audit_log|\bSort\b/)
    }
    // An action with thousands of entries: read from an index in the pages' order, no sort.
    const plan = await planOf(
      auditPageQuery(t.db, filterCondition({ command: 'mail retry' }, null), edge),
    )
    expect(plan, plan).toMatch(/operator_audit_log_(command|at)_idx/)
    expect(plan, plan).not.toMatch(/Seq Scan on operator_audit_log|\bSort\b/)
  })
})

/** The statement with its parameters written in, for EXPLAIN (which takes no parameters). */
function inline(statement: string, params: unknown[]): string {
  return statement.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
  })
}
