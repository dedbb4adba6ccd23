import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import type { Database } from '#server/db/database'
import { databaseUnavailable, retryWhileDatabaseAway } from '#server/db/errors'
import * as schema from '#server/db/schema'
import { createUploadStore } from '#server/storage/uploads'
import { freePort } from '../support/free-port'
import { openClient, openPool, withClient } from '../support/pg-connections'

const serverUrl = process.env.DATABASE_URL

/** The address of a PostgreSQL that is not there: nothing listens on the port. */
async function unreachableUrl() {
  const url = new URL(serverUrl as string)
  url.port = String(await freePort())
  return url.toString()
}

/**
 * A call the database cannot serve (PostgreSQL restarting, a connection cut under it) is answered
 * 503 with Retry-After in the reader's language, logged as a warning, not as a server error: the
 * customer may send it again (money calls carry their idempotency key).
 */
describe.skipIf(!serverUrl)('when the database cannot be reached', () => {
  it('tells the errors of a database that is away from the others, on real errors', async () => {
    const unreachable = openPool({ connectionString: await unreachableUrl(), max: 1 })
    const refused = await unreachable.pool.query('select 1').catch((error: unknown) => error)
    await unreachable.close()
    expect(databaseUnavailable(refused)).toBe(true)

    const { client: doomed, end } = await openClient(serverUrl as string)
    const pid = (await doomed.query('select pg_backend_pid() as pid')).rows[0].pid
    const running = doomed.query('select pg_sleep(10)').catch((error: unknown) => error)
    await withClient(serverUrl as string, async (admin) => {
      const active = "select 1 from pg_stat_activity where pid = $1 and state = 'active'"
      const until = Date.now() + 10_000
      while (Date.now() < until && (await admin.query(active, [pid])).rowCount === 0);
      await admin.query('select pg_terminate_backend($1)', [pid])
    })
    const terminated = await running
    await end()
    expect(databaseUnavailable(terminated)).toBe(true)

    // As a transaction sees it: its connection ended between two statements, and drizzle's
    // ROLLBACK fails too, wrapping the driver's words ("not queryable") in its own error.
    const inTransaction = openPool({ connectionString: serverUrl, max: 1 })
    const db = drizzle(inTransaction.pool)
    const cutMidway = await db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
        await withClient(serverUrl as string, (admin) =>
          admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]),
        )
        await tx.execute(sql`select 1`)
      })
      .catch((error: unknown) => error)
    await inTransaction.close()
    expect(databaseUnavailable(cutMidway)).toBe(true)

    const malformed = await withClient(serverUrl as string, (client) =>
      client.query('select 1/0').catch((error: unknown) => error),
    )
    expect(databaseUnavailable(malformed)).toBe(false)
    expect(databaseUnavailable(new Error('anything else'))).toBe(false)
  })

  it('waits out a database that goes away during a start-up step, and gives up on anything else', async () => {
    const pool = openPool({ connectionString: serverUrl, max: 1 })
    try {
      let tries = 0
      const answer = await retryWhileDatabaseAway(async () => {
        tries++
        const { rows } = await pool.pool.query('select pg_backend_pid() as pid')
        if (tries === 1) {
          // The first try's statement is cut under it, as a restart of PostgreSQL cuts it.
          const sleeping = pool.pool.query('select pg_sleep(10)').then(
            () => null,
            (error: unknown) => error,
          )
          await withClient(serverUrl as string, async (admin) => {
            const active = "select 1 from pg_stat_activity where pid = $1 and state = 'active'"
            const until = Date.now() + 10_000
            while (Date.now() < until && (await admin.query(active, [rows[0].pid])).rowCount === 0);
            await admin.query('select pg_terminate_backend($1)', [rows[0].pid])
          })
          const cut = await sleeping
          if (cut) throw cut
        }
        return 'started'
      })
      expect({ answer, tries }).toEqual({ answer: 'started', tries: 2 })
      let malformedTries = 0
      await expect(
        retryWhileDatabaseAway(() => {
          malformedTries++
          return pool.pool.query('select 1/0')
        }),
      ).rejects.toThrow(/division by zero/)
      expect(malformedTries).toBe(1)
    } finally {
      await pool.close()
    }
  })

  it("answers 503 with Retry-After, in the customer's language", async () => {
    const { pool, close } = openPool({ connectionString: await unreachableUrl(), max: 2 })
    const dataDir = path.join(tmpdir(), 'portal-unreachable')
    const log: string[] = []
    const app = createApp({
      db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database,
      uploads: createUploadStore(path.join(dataDir, 'uploads')),
      mailQueued: () => {},
      now: () => new Date(),
      log: (line) => log.push(line),
      webRoot: dataDir,
      publicUrl: 'http://portal.test',
    })
    try {
      const login = (language: string) =>
        app.request('/api/users?crud=userlogin', {
          method: 'POST',
          headers: { 'accept-language': language },
          body: new URLSearchParams({ email: 'jane@example.com', password: '123456' }),
        })
      const english = await login('en')
      expect(english.status).toBe(503)
      expect(english.headers.get('retry-after')).toBe('1')
      expect(await english.json()).toEqual({
        error: true,
        message: 'Our service is briefly unavailable. Please try again in a moment.',
      })
      const spanish = await login('es')
      expect(spanish.status).toBe(503)
      expect(((await spanish.json()) as { message: string }).message).toBe(
        'Nuestro servicio no está disponible por un momento. Inténtelo de nuevo en unos instantes.',
      )
      expect(log.join('\n')).toContain('database unavailable')
      expect(log.join('\n')).not.toContain('request failed')
    } finally {
      await close()
    }
  })
})
