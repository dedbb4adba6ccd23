import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { TransactionSafePool } from '#server/db/pool'

const serverUrl = process.env.DATABASE_URL

describe.skipIf(!serverUrl)('the PostgreSQL pool when a connection is cut', () => {
  it('gives back a client whose BEGIN failed, so the pool does not run dry', async () => {
    const pool = new TransactionSafePool({ connectionString: serverUrl, max: 1 })
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      // As drizzle's transaction() does: check out by promise, then BEGIN.
      const client = await pool.connect()
      client.on('error', () => {})
      const { rows } = await client.query('select pg_backend_pid() as pid')
      const cut = new Promise((resolve) => client.once('end', resolve))
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid])
      await cut
      await expect(client.query('begin')).rejects.toThrow()
      // With the one client leaked, this query would wait forever.
      const answer = await Promise.race([
        pool.query('select 1 as one'),
        sleep(5_000).then(() => null),
      ])
      expect(answer?.rows[0]).toEqual({ one: 1 })
    } finally {
      await admin.end()
      await pool.end()
    }
  })
})
