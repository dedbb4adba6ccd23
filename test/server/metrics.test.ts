import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config'
import { runReconciliation } from '#server/domain/reconciliation'
import { startServer } from '#server/main'
import { watchBank } from '#server/metrics/bank-gauges'
import { registry } from '#server/metrics/registry'
import { freePort } from '../support/free-port'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { openTestDatabase } from './support/databases'

/** The value of one sample in Prometheus's text format, or undefined when absent. */
const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels} `))
  return line === undefined ? undefined : Number(line.split(' ').at(-1))
}

/** Prometheus metrics on a listener of their own (docs/decisions/113). */
describe('metrics', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let dataDir: string
  let metricsUrl: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-metrics-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
    const metricsPort = await freePort()
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    server = await startServer(
      parseConfig({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        METRICS_PORT: String(metricsPort),
      }),
      { log: () => {} },
    )
  })
  afterAll(async () => {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('counts and times calls by their readable names, and never names a customer', async () => {
    const scrape = async () => (await fetch(metricsUrl)).text()
    const before =
      sample(await scrape(), 'portal_calls_total', '{call="identifyCustomer",outcome="ok"}') ?? 0
    for (let i = 0; i < 3; i++)
      await fetch(`${server.url}/api/users?crud=iduser`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'ana.private@example.com' }),
      })
    await fetch(`${server.url}/api/users?crud=nosuchcall`, { method: 'POST' })
    const text = await scrape()
    expect(sample(text, 'portal_calls_total', '{call="identifyCustomer",outcome="ok"}')).toBe(
      before + 3,
    )
    expect(
      sample(text, 'portal_calls_total', '{call="/api/users",outcome="refused"}'),
    ).toBeGreaterThan(0)
    expect(
      sample(text, 'portal_call_duration_seconds_count', '{call="identifyCustomer"}'),
    ).toBeGreaterThanOrEqual(3)
    expect(sample(text, 'portal_http_responses_total', '{class="2xx"}')).toBeGreaterThan(0)
    expect(text).not.toContain('ana.private')
    expect(text).not.toContain('nosuchcall')
  })

  it("reports the jobs, the outbox, the staff's queues and Node's own figures", async () => {
    const text = await (await fetch(metricsUrl)).text()
    expect(
      sample(text, 'portal_job_runs_total', '{job="fixed deposit payout",outcome="ok"}'),
    ).toBeGreaterThan(0)
    expect(
      sample(text, 'portal_job_seconds_since_success', '{job="scheduled transfers"}'),
    ).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'portal_mail_outbox', '{state="queued"}')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'portal_mail_oldest_queued_seconds')).toBeGreaterThanOrEqual(0)
    // The demo bank seeds a customer waiting for review.
    expect(sample(text, 'portal_queue_items', '{queue="kyc_submissions"}')).toBeGreaterThan(0)
    expect(
      sample(text, 'portal_queue_oldest_seconds', '{queue="kyc_submissions"}'),
    ).toBeGreaterThan(0)
    expect(sample(text, 'portal_process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(text).toContain('portal_nodejs_eventloop_lag_seconds')
  })

  it('is not on the public port', async () => {
    const response = await fetch(`${server.url}/metrics`)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('portal_calls_total')
  })
})

describe.skipIf(!process.env.DATABASE_URL)('the database pool in the metrics', () => {
  it("reports a PostgreSQL pool's connections, and the last reconciliation's difference", async () => {
    const database = await openTestDatabase('postgres')
    const watch = watchBank({
      db: database.db,
      connections: database.connections,
      now: () => new Date(),
    })
    try {
      await database.db.execute(sql`select 1`)
      await runReconciliation(database.db, new Date())
      const text = await registry.metrics()
      expect(sample(text, 'portal_books_difference_minor_units')).toBe(0)
      expect(sample(text, 'portal_books_checked_seconds_ago')).toBeLessThan(60)
      expect(sample(text, 'portal_database_connections', '{state="idle"}')).toBeGreaterThan(0)
      expect(sample(text, 'portal_database_connections', '{state="waiting"}')).toBe(0)
      expect(sample(text, 'portal_database_connections', '{state="in_use"}')).toBe(0)
    } finally {
      watch.stop()
      await database.close()
    }
  })
})
