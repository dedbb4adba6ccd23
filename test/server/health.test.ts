import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config'
import { createReadiness } from '#server/health/readiness'
import { startServer } from '#server/main'
import { portalVersion } from '#server/version'
import { freePort } from '../support/free-port'
import { openPool } from '../support/pg-connections'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { bothDatabases } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

/** The probes a load balancer and an orchestrator call (docs/decisions/111). */
describe.each(bothDatabases)('health and readiness on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  const probe = async (route: string) => {
    const response = await t.app.request(route)
    return {
      status: response.status,
      body: await response.json(),
      cache: response.headers.get('cache-control'),
    }
  }

  it('says the process is alive, and ready when the database answers at its schema', async () => {
    expect(await probe('/healthz')).toEqual({
      status: 200,
      body: { status: 'alive' },
      cache: 'no-store',
    })
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', release: portalVersion },
      cache: 'no-store',
    })
  })

  it('is not ready on a database whose schema is older than this release', async () => {
    const [latest] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows
    try {
      const readiness = createReadiness({ db: t.db })
      expect(await readiness.check()).toEqual({ ready: false, reason: 'schema' })
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${latest?.hash}, ${latest?.created_at})`,
      )
    }
    expect(await createReadiness({ db: t.db }).check()).toEqual({ ready: true })
  })

  it('is not ready once draining, without asking the database', async () => {
    const readiness = createReadiness({ db: t.db })
    readiness.drain()
    expect(await readiness.check()).toEqual({ ready: false, reason: 'draining' })
  })
})

describe('readiness without a database', () => {
  it('answers "not ready" within a second when nothing listens where the database should be', async () => {
    const pool = openPool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
    })
    try {
      const readiness = createReadiness({ db: drizzle(pool.pool) as never })
      const started = performance.now()
      expect(await readiness.check()).toEqual({ ready: false, reason: 'database' })
      expect(performance.now() - started).toBeLessThan(1_500)
    } finally {
      await pool.close()
    }
  })
})

describe('a server that is asked to stop', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-drain-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('turns /readyz to 503 at once, serves what it is sent for the drain period, then stops', async () => {
    const server = await startServer(
      parseConfig({ PORT: String(await freePort()), DATA_DIR: dataDir, DRAIN_SECONDS: '2' }),
      { log: () => {} },
    )
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const stopped = server.stop()
    const readyz = await fetch(`${server.url}/readyz`)
    expect(readyz.status).toBe(503)
    expect(await readyz.json()).toEqual({
      status: 'not ready',
      reason: 'stopping: finishing the requests under way',
      release: portalVersion,
    })
    const call = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'getdocs' }),
    })
    expect(call.status).toBe(200)
    await stopped
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  })
})
