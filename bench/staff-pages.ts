/**
 * The staff pages at scale (issue 33, docs/decisions/102 and 103), on the PostgreSQL of
 * DATABASE_URL, in a database of its own that it drops at the end: STAFF_CUSTOMERS customers
 * (default 2,000,000) with an opening balance each, and as many settled transfers spread over
 * the last 90 days (three ledger entries each). It times the daily figures (30 and 90 days, with
 * the closed days rolled up, and counted from their decisions as a first look before the job
 * does), the broadcast page, the scheduled reconciliation, the approval of a broadcast to every
 * customer and the job that writes it. Figures only, nothing is asserted:
 * `npm run bench:staff`; BENCH_KEEP=1 keeps the database, BENCH_REUSE=<its name> measures it
 * again without seeding.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase } from '#server/db/database'
import { bankAccountCodes, ensureBankAccounts } from '#server/db/ledger'
import { broadcasts, dailyFigures as dailyFigureRows } from '#server/db/schema'
import { broadcastItem } from '#server/domain/approval-kinds/broadcast'
import { sendBroadcasts } from '#server/domain/broadcast-sending'
import { broadcastPage } from '#server/domain/broadcasts'
import { dailyFigures, figureQueues } from '#server/domain/daily-figures'
import { rollUpClosedDays } from '#server/domain/figure-rollups'
import { countOpenQueues } from '#server/domain/queues'
import { runReconciliation } from '#server/domain/reconciliation'
import { withClient } from '../test/support/pg-connections'

const serverUrl = process.env.DATABASE_URL
if (!serverUrl) throw new Error('bench:staff needs DATABASE_URL (a PostgreSQL server)')
const customers = Number(process.env.STAFF_CUSTOMERS ?? 2_000_000)
const chunk = 100_000
const terminal = { staffId: null, email: 'bench' }

const ms = (value: number) => `${value.toFixed(0)} ms`
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now()
  const result = await work()
  return { took: performance.now() - started, result }
}

/** p50 and p95 of `runs` looks, after one to warm up. */
async function looks(name: string, runs: number, look: () => Promise<unknown>) {
  await look()
  const times: number[] = []
  for (let run = 0; run < runs; run++) times.push((await timed(look)).took)
  times.sort((a, b) => a - b)
  console.log(
    `${name.padEnd(46)} p50 ${ms(percentile(times, 0.5)).padStart(8)}  p95 ${ms(percentile(times, 0.95)).padStart(8)}`,
  )
}

async function seed(db: Database) {
  await ensureBankAccounts(db)
  for (let first = 1; first <= customers; first += chunk) {
    const last = Math.min(customers, first + chunk - 1)
    await db.execute(sql`
      insert into users (email, username, first_name, last_name, fullname, passcode_hash, current_plan)
      select 'bench' || g || '@bench.test', 'bench' || g, 'Bench', 'Customer' || g,
        'Bench Customer' || g, 'not a hash', case when g % 10 = 0 then 'Gold Class' else 'Tier 1' end
      from generate_series(${first}::int, ${last}::int) as g`)
    await db.execute(sql`
      with opening as (insert into postings (kind, memo) values ('opening-balance', 'bench') returning id),
      accounts as (
        insert into ledger_accounts (code, kind, user_id, currency, balance, total_credit)
        select 'customer:' || u.id, 'customer', u.id, 'USD', 100000, 100000 from users u
        where u.id between ${first} and ${last}
        returning id
      )
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select opening.id, accounts.id, 'USD', 100000 from opening, accounts
      union all
      select opening.id, bank.id, 'USD', -100000 * ${last - first + 1}::bigint
      from opening, ledger_accounts bank where bank.code = ${bankAccountCodes.received}`)
    // A settled transfer of 10.00 (0.10 of it the charge) per customer, on one of the last 90 days.
    await db.execute(sql`
      with src as (
        select g, g as user_id, now() - make_interval(secs => (g * 3889) % (90 * 86400)) as at
        from generate_series(${first}::int, ${last}::int) as g
      ), auth as (
        insert into transfer_authorizations (id, user_id, amount, payee_key, binding, step_up_required,
          authorized_at, used_at, expires_at)
        select 'bench-' || g, user_id, 1000, 'bench', 'bench', false, at, at, at from src
      ), line as (
        insert into transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
        select user_id, 'bench-' || g, 'Bench Payee', 'debit', 'Bank Transfer', 1000, 'successful', at
        from src returning id, ref2
      ), posting as (
        insert into postings (kind, memo) select 'transfer', 'bench-' || g from src returning id, memo
      )
      insert into transfers (user_id, authorization_id, posting_id, amount, charge, currency,
        transaction_id, status, payee_key, bank, act_hold_name, act_no, decided_at, created_at)
      select s.user_id, 'bench-' || s.g, p.id, 1000, 10, 'USD', l.id, 'successful', 'bench',
        'Bench Bank', 'Bench Payee', '1234567890', s.at, s.at
      from src s join line l on l.ref2 = 'bench-' || s.g join posting p on p.memo = 'bench-' || s.g`)
    await db.execute(sql`
      insert into ledger_entries (posting_id, ledger_account_id, currency, amount)
      select t.posting_id, a.id, 'USD', -1000 from transfers t
        join ledger_accounts a on a.code = 'customer:' || t.user_id
      where t.user_id between ${first} and ${last}
      union all
      select t.posting_id, b.id, 'USD', 990 from transfers t, ledger_accounts b
      where b.code = ${bankAccountCodes.transfersOut} and t.user_id between ${first} and ${last}
      union all
      select t.posting_id, b.id, 'USD', 10 from transfers t, ledger_accounts b
      where b.code = ${bankAccountCodes.fees} and t.user_id between ${first} and ${last}`)
    await db.execute(sql`
      update ledger_accounts set balance = balance - 1000, total_debit = 1000
      where kind = 'customer' and user_id between ${first} and ${last}`)
    process.stderr.write(`seeded ${last} customers\n`)
  }
  await db.execute(sql`analyze`)
}

async function main() {
  // BENCH_REUSE names a database a run kept (BENCH_KEEP=1): measured again without seeding.
  const reused = process.env.BENCH_REUSE
  const name = reused ?? `bench_staff_${process.pid}`
  if (!reused)
    await withClient(serverUrl as string, (client) => client.query(`create database ${name}`))
  const address = new URL(serverUrl as string)
  address.pathname = `/${name}`
  const database = await openDatabase({
    databaseUrl: address.toString(),
    dataDir: null,
    migrate: true,
  })
  const { db } = database
  try {
    const seeded = reused ? { took: 0 } : await timed(() => seed(db))
    const [entries] = (
      (await db.execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as {
        rows: { n: number }[]
      }
    ).rows
    console.log(
      `${customers} customers, ${customers} settled transfers, ${entries?.n} ledger entries (seeded in ${ms(seeded.took)}) in ${name}`,
    )
    if (reused) await db.delete(dailyFigureRows)
    const now = new Date()
    const figures = (days: number) => () => dailyFigures(db, terminal, { days }, now)
    await looks('open queues (a part of the figures)', 10, () =>
      countOpenQueues(db, figureQueues, now),
    )
    await looks('figures, 30 days, before any rollup (counted)', 5, figures(30))
    const rolled = await timed(() => rollUpClosedDays(db, now))
    console.log(
      `rollup of ${rolled.result} closed days (the job's first round)    ${ms(rolled.took)}`,
    )
    await looks('figures, 30 days, closed days rolled up', 20, figures(30))
    await looks('figures, 90 days, closed days rolled up', 20, figures(90))
    await looks('broadcast page', 20, () => broadcastPage({ db }, terminal))
    const checked = await timed(() => runReconciliation(db, now))
    console.log(
      `reconciliation (the scheduled check)           ${ms(checked.took)}, difference ${checked.result.difference}`,
    )
    const [proposed] = await db
      .insert(broadcasts)
      .values({ title: 'Bench', body: 'To every customer.', createdAt: now })
      .returning({ id: broadcasts.id })
    const approved = await timed(() =>
      db.transaction((tx) => broadcastItem.apply(tx, proposed?.id as number, null, now)),
    )
    console.log(`approving a broadcast to every customer        ${ms(approved.took)}`)
    const sent = await timed(() => sendBroadcasts(db, () => new Date()))
    console.log(
      `the job writing it (${customers} notifications)     ${ms(sent.took)}, ${Math.round(customers / (sent.took / 1000))} a second`,
    )
    await db.delete(dailyFigureRows)
  } finally {
    await database.close()
    if (!process.env.BENCH_KEEP && !reused)
      await withClient(serverUrl as string, (client) => client.query(`drop database ${name}`))
  }
}

await main()
