import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { toDecimalString } from '#api/money'
import { parseWireTotal } from '#api/money-totals'
import { balanceOf, bankAccountCodes } from '#server/db/ledger'
import { fundingRequests, transfers } from '#server/db/schema'
import { figureQueues } from '#server/domain/daily-figures'
import { runOpsCommand } from '#server/ops/run'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { fund, newKey, payingCustomer } from './support/money'
import type { EnrolledStaff } from './support/staff'
import { callAs, enrolTeam, fundingRequest, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * The bank's daily figures (issue 18, docs/decisions/076): a known day made through the real
 * paths (requests confirmed and declined in the console, transfers sent by a customer and
 * settled or failed by staff), every figure of it checked, the days before it left as they
 * were, the open queues as the console's home counts them, and the reconciliation of every
 * account at zero; then totals past 2^53, and a ledger broken on purpose by SQL.
 */

type Figures = StaffCallResponse<'figures'>

const day = 24 * 60 * 60 * 1000
const money = (minor: number | bigint) => toDecimalString(minor)

describe.each(databaseTargets)('the daily figures on %s', (target) => {
  let t: TestApp
  let team: Team
  const calls = transferCalls(() => t)
  /** The day the test makes: its own, two days after the demo data's. */
  let today: string

  beforeAll(async () => {
    t = await startTestApp(target)
    t.clock.advance(2 * day)
    today = t.clock.now().toISOString().slice(0, 10)
    team = await enrolTeam(t, 'figures')
  })
  afterAll(() => t.close())

  async function figuresAs(person: EnrolledStaff, fields: Record<string, string> = {}) {
    const answer = await callAs(t, person, 'figures', fields)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as Figures
  }

  /** `npm run ops -- figures …` as `person`. */
  const ops = (person: EnrolledStaff, ...argv: string[]) =>
    runOpsCommand(t.db, ['figures', ...argv], {
      operator: 'olga',
      as: person.email,
      now: t.clock.now(),
    })

  /** The scheduled check's work, now (`npm run ops -- reconcile` by Cara), then the figures. */
  async function reconciledFigures(person: EnrolledStaff, fields: Record<string, string> = {}) {
    const ran = await runOpsCommand(t.db, ['reconcile'], {
      operator: 'olga',
      as: team.payments.email,
      now: t.clock.now(),
    })
    expect(ran.exitCode, ran.output).toBe(0)
    return figuresAs(person, fields)
  }

  const books = (figures: Figures) => {
    expect(figures.reconciliation).not.toBeNull()
    return figures.reconciliation as NonNullable<Figures['reconciliation']>
  }

  const lastDay = (figures: Figures) => figures.series[figures.series.length - 1]
  const bankTotal = (figures: Figures, code: string) =>
    parseWireTotal(
      books(figures).bank_accounts.find((account) => account.code === code)?.total ?? '',
    ) as bigint
  const total = (amount: string) => parseWireTotal(amount) as bigint
  const queue = (figures: Figures, name: string) =>
    figures.queues.find((row) => row.queue === name)?.count

  /** A request of the customer's, decided in the console by Cara Diaz (payments). */
  async function decidedRequest(
    kind: 'deposit' | 'payment' | 'fixed_deposit',
    amount: number,
    decision: 'confirm' | 'decline' | 'none',
    chosen: { purpose?: string; plan?: string } = {},
  ) {
    const customer = await createCustomer(t)
    await fundingRequest(t, customer.id, kind, amount, chosen)
    const [request] = await t.db
      .select({ id: fundingRequests.id })
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, customer.id))
    const id = String(request?.id)
    if (decision === 'none') return
    const answer = await callAs(t, team.payments, 'requestdecide', {
      id,
      decision,
      ...(decision === 'decline' ? { reason: 'Not found on the chain.' } : {}),
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: true })
  }

  /** A transfer the customer sends (PIN, code when asked), and its id. */
  async function sentTransfer(
    customer: Awaited<ReturnType<typeof payingCustomer>>,
    amount: string,
  ) {
    const authorization = await calls.authorize(customer, amount)
    const sent = await calls.send(customer, authorization, newKey(), amount)
    expect(sent.body.icon, JSON.stringify(sent.body)).toBe('success')
    const [row] = await t.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.userId, customer.id))
      .orderBy(sql`${transfers.id} desc`)
      .limit(1)
    return String(row?.id)
  }

  const decideTransfer = async (id: string, decision: 'settle' | 'fail') => {
    const answer = await callAs(t, team.payments, 'transferdecide', {
      id,
      decision,
      ...(decision === 'fail' ? { reason: 'The payee bank refused it.' } : {}),
    })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: true })
  }

  it('counts and sums a known day, leaves the days before as they were, and the books balance', async () => {
    const before = await reconciledFigures(team.auditor)
    expect(before.day).toBe(today)
    expect(before.series).toHaveLength(30)
    expect(lastDay(before)?.day).toBe(today)
    expect(books(before).difference).toBe('0.00')

    // Requests: two deposits confirmed, one declined, one left waiting; a payment and a fixed
    // deposit confirmed.
    await decidedRequest('deposit', 25_000, 'confirm')
    await decidedRequest('deposit', 12_345, 'confirm')
    await decidedRequest('deposit', 99_900, 'decline')
    await decidedRequest('deposit', 7_700, 'none')
    await decidedRequest('payment', 5_000, 'confirm', { purpose: 'Card bill' })
    await decidedRequest('fixed_deposit', 100_000, 'confirm', { plan: '3 months at 4.0%' })

    // Transfers: two settled, one failed, one still in progress.
    const sender = await payingCustomer(t, 200_000)
    const settled = [await sentTransfer(sender, '100.00'), await sentTransfer(sender, '50.00')]
    const failed = await sentTransfer(sender, '30.00')
    const waiting = await sentTransfer(sender, '20.00')
    for (const id of settled) await decideTransfer(id, 'settle')
    await decideTransfer(failed, 'fail')
    const charges = await t.db
      .select({ id: transfers.id, charge: transfers.charge })
      .from(transfers)
      .where(inArray(transfers.id, settled.map(Number)))
    const fees = charges.reduce((sum, row) => sum + row.charge, 0)
    expect(fees).toBeGreaterThan(0)

    const after = await reconciledFigures(team.auditor)
    expect(lastDay(after)).toEqual({
      day: today,
      deposits: { count: 2, sum: money(37_345) },
      payments: { count: 1, sum: money(5_000) },
      fixed_deposits: { count: 1, sum: money(100_000) },
      transfers_settled: { count: 2, sum: money(15_000) },
      transfers_failed: { count: 1, sum: money(3_000) },
      fees: money(fees),
    })
    // The earlier days of the period are as they were.
    expect(after.series.slice(0, -1)).toEqual(before.series.slice(0, -1))

    // The reconciliation moved by exactly what the day did, and still sums to zero.
    const moved = (figures: Figures) => ({
      customers: total(books(figures).customers.balance),
      held: total(books(figures).customers.held),
      fixedDeposits: total(books(figures).fixed_deposits.balance),
      received: bankTotal(figures, bankAccountCodes.received),
      payments: bankTotal(figures, bankAccountCodes.payments),
      transfersOut: bankTotal(figures, bankAccountCodes.transfersOut),
      fees: bankTotal(figures, bankAccountCodes.fees),
    })
    const [was, now] = [moved(before), moved(after)]
    expect({
      customers: now.customers - was.customers,
      held: now.held - was.held,
      fixedDeposits: now.fixedDeposits - was.fixedDeposits,
      received: now.received - was.received,
      payments: now.payments - was.payments,
      transfersOut: now.transfersOut - was.transfersOut,
      fees: now.fees - was.fees,
    }).toEqual({
      // Deposits and the sender's opening 2,000.00 in, the settled transfers out.
      customers: 37_345n + 200_000n - 15_000n,
      held: 2_000n,
      fixedDeposits: 100_000n,
      received: -(37_345n + 5_000n + 100_000n + 200_000n),
      payments: 5_000n,
      transfersOut: 15_000n - BigInt(fees),
      fees: BigInt(fees),
    })
    // Each bank account's total is the ledger's own sum of its entries.
    for (const account of books(after).bank_accounts)
      expect(BigInt(await balanceOf(t.db, account.code)), account.code).toBe(total(account.total))
    expect(books(after).difference).toBe('0.00')
    expect(books(after).checked_at).toBe(t.clock.now().toISOString())
    expect(after.currency).toBe('USD')
    expect(after.as_of).toBe(t.clock.now().toISOString())

    // The open queues, as the console's home counts them for the auditor (mail aside).
    expect(queue(after, 'deposit_requests')).toBe((queue(before, 'deposit_requests') ?? 0) + 1)
    expect(queue(after, 'transfers_in_progress')).toBe(
      (queue(before, 'transfers_in_progress') ?? 0) + 1,
    )
    const home = (await callAs(t, team.auditor, 'queues')).body as StaffCallResponse<'queues'>
    expect(after.queues).toEqual(home.queues.filter((row) => figureQueues.includes(row.queue)))
    expect(after.queues.map((row) => row.queue)).toEqual(figureQueues)
    const [still] = await t.db
      .select({ status: transfers.status })
      .from(transfers)
      .where(eq(transfers.id, Number(waiting)))
    expect(still?.status).toBe('in_progress')

    // The terminal says the same.
    const { exitCode, output: text } = await ops(team.auditor)
    expect(exitCode).toBe(0)
    expect(text).toContain('Figures of')
    expect(text).toMatch(/deposits confirmed\s+2 {2}\$373\.45/)
    expect(text).toMatch(/fees earned\s+\$/)
    expect(text).toContain('difference\t$0.00: the books balance')
  })

  it('a period of 7 days, and an earlier day, end on the day chosen', async () => {
    const week = await figuresAs(team.payments, { days: '7' })
    expect(week.series.map((row) => row.day)).toHaveLength(7)
    const yesterday = new Date(t.clock.now().getTime() - day).toISOString().slice(0, 10)
    const earlier = await figuresAs(team.admin, { day: yesterday, days: '90' })
    expect(earlier.day).toBe(yesterday)
    expect(earlier.series).toHaveLength(90)
    expect(lastDay(earlier)?.day).toBe(yesterday)
    // Nothing of today's work is on yesterday.
    expect(lastDay(earlier)?.transfers_settled.count).toBe(0)
  })

  it('refuses a day not yet come, a day that does not exist, and a period it does not keep', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + day).toISOString().slice(0, 10)
    const refusals: [Record<string, string>, string][] = [
      [
        { day: tomorrow },
        'Choose a day up to today (UTC): the figures of later days are not made yet.',
      ],
      [{ day: '2026-02-30' }, 'The day must be a date (YYYY-MM-DD).'],
      [
        { day: '1999-12-31' },
        'The day must be a day from 01/01/2000 (the figures are kept from then).',
      ],
      [{ days: '31' }, 'The period must be 7, 30 or 90 days.'],
    ]
    for (const [fields, message] of refusals) {
      const answer = await callAs(t, team.auditor, 'figures', fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body).toEqual({ error: true, message })
    }
    for (const [argv, message] of [
      [[tomorrow], /up to today/],
      [['31/02/2026'], /Give the day as dd\/mm\/yyyy or YYYY-MM-DD/],
      [[today, '14'], /Give the period as 7, 30, 90 days/],
    ] as const) {
      const refused = await ops(team.payments, ...argv)
      expect(refused.exitCode, argv.join(' ')).toBe(1)
      expect(refused.output).toMatch(message)
    }
    // A day typed as the portal shows dates.
    const [year, month, date] = today.split('-')
    expect((await ops(team.payments, `${date}/${month}/${year}`, '7')).exitCode).toBe(0)
  })

  it('only payments, the auditor and admins read them', async () => {
    for (const person of [team.support, team.kyc])
      expect((await callAs(t, person, 'figures')).status).toBe(403)
    for (const person of [team.payments, team.auditor, team.admin])
      expect((await callAs(t, person, 'figures')).status).toBe(200)
    const refused = await ops(team.support)
    expect(refused.exitCode).toBe(1)
    expect(refused.output).toMatch(/figures needs payments or admin or auditor/)
    for (const person of [team.support, team.auditor]) {
      const notReconciled = await runOpsCommand(t.db, ['reconcile'], {
        operator: 'olga',
        as: person.email,
        now: t.clock.now(),
      })
      expect(notReconciled.exitCode).toBe(1)
      expect(notReconciled.output).toMatch(/reconcile needs payments or admin\./)
    }
  })

  it('writes totals past 2^53 minor units exactly', async () => {
    const before = await reconciledFigures(team.auditor)
    // Ten customers at the most a balance may hold (10^15): 10^16 in all, past 2^53.
    for (let index = 0; index < 10; index++) {
      const customer = await createCustomer(t)
      await fund(t, customer.id, 10 ** 15)
    }
    const after = await reconciledFigures(team.auditor)
    const customers = total(books(after).customers.balance)
    expect(customers).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER))
    expect(customers - total(books(before).customers.balance)).toBe(10n ** 16n)
    expect(
      bankTotal(after, bankAccountCodes.received) - bankTotal(before, bankAccountCodes.received),
    ).toBe(-(10n ** 16n))
    expect(books(after).difference).toBe('0.00')
  })

  it('reports a ledger broken on purpose: an unbalanced entry written by SQL', async () => {
    // The ledger's only guard is its posting function (docs/decisions/067), which refuses an
    // unbalanced posting; written around it, one entry of 0.01 to the fees account.
    await t.db.execute(sql`
      with broken as (
        insert into postings (kind, memo) values ('test', 'unbalanced on purpose') returning id
      )
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select broken.id, a.id, a.currency, 1 from broken, ledger_accounts a
      where a.code = ${bankAccountCodes.fees}`)
    // The figures show the last check's result: the page itself sums no account.
    expect(books(await figuresAs(team.auditor)).difference).toBe('0.00')
    const check = await runOpsCommand(t.db, ['reconcile'], {
      operator: 'olga',
      as: team.payments.email,
      now: t.clock.now(),
    })
    expect(check.output).toContain('DIFFERENCE\t$0.01: THE BOOKS DO NOT BALANCE by this amount')
    const figures = await figuresAs(team.auditor)
    expect(books(figures).difference).toBe('0.01')
    expect((await ops(team.auditor)).output).toContain(
      'DIFFERENCE\t$0.01: THE BOOKS DO NOT BALANCE by this amount',
    )
  })
})
