/**
 * Statements & Report for one customer with a long history (STATEMENT_ROWS, default 100,000):
 * the page call's p50/p99 over every page of 50, a filtered first page, the Insights call over
 * every row, the search's first pages, and the plan of a page query. The exports of every row
 * are bench/exports.ts. Run by `npm run bench`; figures only,
 * nothing is asserted.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import type { Database } from '#server/db/database'
import { pageQuery } from '#server/statements/statement-query'

const percentile = (sorted: number[], q: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1)

async function fill(db: Database, userId: number, rows: number) {
  const started = performance.now()
  for (let done = 0; done < rows; done += 10_000) {
    const count = Math.min(10_000, rows - done)
    await db.execute(sql`
      insert into transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
      select ${userId}, 'bench-' || ${done} || '-' || g, 'Bench movement ' || (${done} + g),
        case when g % 3 = 0 then 'debit' else 'credit' end,
        case when g % 3 = 0 then 'Bank Transfer' else 'Deposit' end,
        100 + g % 5000, 'successful',
        now() - make_interval(mins => ${done} + g)
      from generate_series(1, ${count}) as g`)
  }
  await db.execute(sql`analyze transactions`)
  return performance.now() - started
}

async function download(app: Hono, fields: Record<string, string>) {
  const started = performance.now()
  const response = await app.request('/api/users', {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  let bytes = 0
  const reader = response.body?.getReader()
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read())
    bytes += next.value.byteLength
  return { ms: performance.now() - started, bytes, status: response.status }
}

export async function benchStatements(options: {
  app: Hono
  db: Database
  userId: number
  token: string
  rows: number
}) {
  const { app, db, userId, token, rows } = options
  const filled = await fill(db, userId, rows)
  console.log(
    `statements: ${rows} transactions added for one customer in ${(filled / 1000).toFixed(1)} s`,
  )

  const call = async (fields: Record<string, string>) => {
    const response = await app.request('/api/users', {
      method: 'POST',
      body: new URLSearchParams({ action: 'getstatement2', token, ...fields }),
    })
    return (await response.json()) as { next_cursor: string | null; transactions: unknown[] }
  }
  // Walk every page of 50, newest to oldest: the deepest page costs what the first does.
  const times: number[] = []
  let cursor = ''
  let pages = 0
  do {
    const begin = performance.now()
    const page = await call({ cursor, limit: '50' })
    times.push(performance.now() - begin)
    pages++
    cursor = page.next_cursor ?? ''
  } while (cursor)
  times.sort((a, b) => a - b)
  console.log(
    `getstatement2 page of 50 (${pages} pages, newest to oldest)  p50 ${percentile(times, 0.5)} ms  p99 ${percentile(times, 0.99)} ms`,
  )
  const filtered = await download(app, {
    action: 'getstatement2',
    token,
    type: 'debit',
    from: '2000-01-01',
  })
  console.log(
    `getstatement2 filtered (debit, from a date), first page  ${filtered.ms.toFixed(1)} ms`,
  )

  // Insights (decision 089): every row is in its 12 months, the worst case of its one query.
  const insightsTimes: number[] = []
  for (let run = 0; run < 20; run++) {
    const begin = performance.now()
    await download(app, { action: 'insights', token })
    insightsTimes.push(performance.now() - begin)
  }
  insightsTimes.sort((a, b) => a - b)
  console.log(
    `insights, 12 months over every row (20 calls)  p50 ${percentile(insightsTimes, 0.5)} ms  p99 ${percentile(insightsTimes, 0.99)} ms (beside the page's p50 above)`,
  )

  // The search (decision 087): a rare word (one line of the 100,000: the trigram index), a
  // common one (every line: the keyset index fills the page), a short one (no trigram), and an
  // amount range; each the median first page of 5, beside the unfiltered first page's.
  await db.execute(sql`
    insert into transactions (user_id, ref2, name, transaction_type, type, amount, status, act_hold_name, note, created_at)
    values (${userId}, 'bench-search', 'Transfer to Ada Lovelace', 'debit', 'Bank Transfer', 4321, 'successful', 'Ada Lovelace', 'Rent', now() - interval '40 days')`)
  await db.execute(sql`analyze transactions`)
  const firstPage = async (fields: Record<string, string>) => {
    const runs: number[] = []
    for (let run = 0; run < 5; run++)
      runs.push((await download(app, { action: 'getstatement2', token, ...fields })).ms)
    return percentile(
      runs.sort((a, b) => a - b),
      0.5,
    )
  }
  const searches: [string, Record<string, string>][] = [
    ['no filter (anchor)', {}],
    ['rare word "lovelace"', { search: 'lovelace' }],
    ['common word "movement"', { search: 'movement' }],
    ['short word "ov" (in most lines)', { search: 'ov' }],
    ['short word "zq" (in none: every line read)', { search: 'zq' }],
    ['amounts 43.00 to 43.50', { min_amount: '43', max_amount: '43.50' }],
  ]
  for (const [label, fields] of searches)
    console.log(
      `getstatement2 search, ${label}: first page ${await firstPage(fields)} ms (median of 5)`,
    )

  // The exports beside other customers, and the server's RSS after them: bench/exports.ts,
  // against the compiled server in a process of its own.

  const deep = pageQuery(db, { userId, filter: {}, after: null, limit: 50 }).toSQL()
  const plan = await db.execute(
    sql.raw(
      `explain ${deep.sql.replace(/\$(\d+)/g, (_, i: string) => String(deep.params[Number(i) - 1]))}`,
    ),
  )
  const lines = ((plan as unknown as { rows: Record<string, unknown>[] }).rows ?? []).map((row) =>
    String(Object.values(row)[0]),
  )
  console.log(`plan of a page: ${lines.map((line) => line.trim()).join(' | ')}`)
}
