import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availableBalanceOf, customerAccountCode, ensureBankAccounts } from '#server/db/ledger'
import { transferAuthorizations, transferRuns, transferSeries, transfers } from '#server/db/schema'
import { addDays, utcDayOf } from '#server/domain/run-days'
import { bindingOf } from '#server/domain/transfer-authorization'
import { projectRoot } from '#server/project-root'
import { startProcess } from '../support/child-process'
import { createCustomer } from './support/customers'
import { fund, jane } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'

const customers = 4
const seriesEach = 6
const runsEach = 5
const amount = 1_000

/** The rows of a raw query (both drivers answer `rows`; the shared type does not say so). */
const rowsOf = async <R>(t: TestApp, query: SQL) =>
  ((await t.db.execute(query)) as unknown as { rows: R[] }).rows

/**
 * Several schedulers (each a server's minute job, in a child process) on one PostgreSQL, one of
 * them killed with SIGKILL while it is inside a run's transaction: every due day of every series
 * is made exactly once (docs/decisions/088).
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'scheduled transfers after a kill -9 (PostgreSQL)',
  () => {
    let t: TestApp
    let url: string
    const children: ChildProcess[] = []
    beforeAll(async () => {
      t = await startTestApp('postgres', { seed: false })
      await ensureBankAccounts(t.db)
      const [row] = await rowsOf<{ name: string }>(t, sql`select current_database() as name`)
      const address = new URL(process.env.DATABASE_URL as string)
      address.pathname = `/${row?.name}`
      url = address.toString()
    })
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL')
      await t?.close()
    })

    function startScheduler(name: string) {
      const address = new URL(url)
      address.searchParams.set('application_name', name)
      const { child, exited: ended } = startProcess(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'test/server/support/scheduler-child.ts')],
        {
          cwd: projectRoot,
          env: { ...process.env, DATABASE_URL: address.toString() },
          stdio: 'ignore',
        },
      )
      children.push(child)
      const exited = ended.then(() => {})
      return { child, exited }
    }

    /**
     * Whether the scheduler `name` is inside a run now: its open transaction holds the series
     * table's lock that `FOR UPDATE` takes (start-up's migrations take none on it).
     */
    const insideRun = async (name: string) =>
      (
        await rowsOf(
          t,
          sql`select 1 from pg_stat_activity a join pg_locks l on l.pid = a.pid
            where a.application_name = ${name} and a.xact_start is not null
              and l.relation = 'transfer_series'::regclass and l.mode = 'RowShareLock'`,
        )
      ).length > 0

    const runCount = async (ids: number[]) =>
      (await t.db.select().from(transferRuns).where(inArray(transferRuns.seriesId, ids))).length

    it('makes each due day once though one scheduler is killed mid-run and another races it', async () => {
      const today = utcDayOf(new Date())
      // Weekly series that started five weeks ago: five days each are due, to catch up.
      const startsOn = addDays(today, -7 * (runsEach - 1))
      const ids: number[] = []
      const payers: number[] = []
      for (let c = 0; c < customers; c++) {
        const customer = await createCustomer(t)
        payers.push(customer.id)
        await fund(t, customer.id, 1_000_000)
        for (let s = 0; s < seriesEach; s++) {
          const authorization = `crash-${customer.id}-${s}-setup-authorization`
          const approved = {
            amount,
            currency: 'USD',
            bank: jane.bank,
            swift: jane.swiftCode,
            routing: '021000089',
            country: 'United Kingdom',
            actNo: jane.accountNumber,
            actHoldName: jane.accountHolderName,
          }
          const binding = bindingOf(approved)
          const payeeKey = `${jane.swiftCode}:${jane.accountNumber}`
          const at = new Date()
          await t.db.insert(transferAuthorizations).values({
            id: authorization,
            userId: customer.id,
            amount,
            payeeKey,
            binding,
            stepUpRequired: false,
            authorizedAt: at,
            usedAt: at,
            expiresAt: at,
          })
          const [series] = await t.db
            .insert(transferSeries)
            .values({
              ...approved,
              userId: customer.id,
              authorizationId: authorization,
              binding,
              payeeKey,
              note: 'Rent',
              cadence: 'weekly',
              startsOn,
              runCount: runsEach,
              nextRunOn: startsOn,
            })
            .returning({ id: transferSeries.id })
          ids.push(series?.id as number)
        }
      }
      const due = ids.length * runsEach

      const victim = startScheduler('scheduler-victim')
      const rival = startScheduler('scheduler-rival')
      // Kill the victim the moment it is inside a run's transaction, with runs left to make.
      const deadline = Date.now() + 60_000
      while (!(await insideRun('scheduler-victim'))) {
        if (Date.now() > deadline) throw new Error('the scheduler never started a run')
        await sleep(2)
      }
      victim.child.kill('SIGKILL')
      await victim.exited
      expect(await runCount(ids)).toBeLessThan(due)

      // The rival (and a restarted server) finish the rest; nothing is made twice.
      const restarted = startScheduler('scheduler-restarted')
      while ((await runCount(ids)) < due) {
        if (Date.now() > deadline) throw new Error('the schedulers did not finish the due runs')
        await sleep(50)
      }
      // A little longer: a run made twice would show now.
      await sleep(500)
      rival.child.kill('SIGKILL')
      restarted.child.kill('SIGKILL')
      await Promise.all([rival.exited, restarted.exited])

      const runs = await t.db.select().from(transferRuns).where(inArray(transferRuns.seriesId, ids))
      expect(runs).toHaveLength(due)
      expect(runs.every((run) => run.status === 'posted' && run.transferId !== null)).toBe(true)
      const made = await t.db
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(inArray(transfers.userId, payers), eq(transfers.amount, amount)))
      expect(made).toHaveLength(due)
      for (const payer of payers)
        expect(await availableBalanceOf(t.db, customerAccountCode(payer))).toBe(
          1_000_000 - seriesEach * runsEach * amount,
        )
      const finished = await t.db
        .select({ status: transferSeries.status })
        .from(transferSeries)
        .where(inArray(transferSeries.id, ids))
      expect(finished.every((series) => series.status === 'finished')).toBe(true)
    })
  },
)
