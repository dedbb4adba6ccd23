/**
 * Statements & Report for one customer with a long history (STATEMENT_ROWS, default 100,000):
 * the page call's p50/p99 over every page of 50, the Insights call over every row, the CSV and
 * PDF exports of every row with another customer's p99 meanwhile (beside the same call's idle
 * p99), the server's RSS after three PDF exports, and the plan of a page query. Run by
 * `npm run bench`; figures only, nothing is asserted.
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

/** p50 and p99 of `getnc` calls made one after another until `work` settles. */
async function othersWhile(app: Hono, token: string, work: Promise<unknown>) {
  let settled = false
  void work.finally(() => {
    settled = true
  })
  const times: number[] = []
  while (!settled) {
    const begin = performance.now()
    const response = await app.request('/api/users', {
      method: 'POST',
      body: new URLSearchParams({ action: 'getnc', token }),
    })
    await response.arrayBuffer()
    times.push(performance.now() - begin)
    // In process, a call can complete without a turn of the event loop: give timers theirs.
    await new Promise((resolve) => setImmediate(resolve))
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), calls: times.length }
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

  // Another cheap call (getnc), in a loop: idle first (the anchor), then beside each export.
  const idle = await othersWhile(app, token, new Promise((resolve) => setTimeout(resolve, 3000)))
  console.log(`others' getnc, idle: p50 ${idle.p50} ms  p99 ${idle.p99} ms (${idle.calls} calls)`)
  for (const name of ['statementcsv', 'statementpdf'] as const) {
    const exported = download(app, { action: name, token })
    const others = await othersWhile(app, token, exported)
    const file = await exported
    console.log(
      `${name} every row: ${file.ms.toFixed(0)} ms, ${(file.bytes / 1024 / 1024).toFixed(1)} MB (status ${file.status}); others' getnc meanwhile: p50 ${others.p50} ms  p99 ${others.p99} ms (${(Number(others.p99) / Math.max(Number(idle.p99), 0.1)).toFixed(1)}x idle)`,
    )
  }
  // The server's memory after three PDF exports, and how soon it is back under 400 MB.
  for (let run = 0; run < 2; run++) await download(app, { action: 'statementpdf', token })
  const rss = () => process.memoryUsage().rss / 1024 / 1024
  const afterExports = rss()
  let waited = 0
  while (rss() >= 400 && waited < 60) {
    await new Promise((resolve) => setTimeout(resolve, 5000))
    waited += 5
  }
  console.log(
    `RSS after three PDF exports: ${afterExports.toFixed(0)} MB; ${rss() < 400 ? `under 400 MB after ${waited} s` : `still ${rss().toFixed(0)} MB after 60 s`}`,
  )

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
