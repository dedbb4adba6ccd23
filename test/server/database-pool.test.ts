import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { TransactionSafePool } from '#server/db/pool'
import { openClient, openPool } from '../support/pg-connections'

const serverUrl = process.env.DATABASE_URL

describe.skipIf(!serverUrl)('the PostgreSQL pool when a connection is cut', () => {
  it('gives back a client whose BEGIN failed, so the pool does not run dry', async () => {
    const { pool, close } = openPool({ connectionString: serverUrl, max: 1 }, TransactionSafePool)
    const { client: admin, end } = await openClient(serverUrl as string)
    try {
      // As drizzle's transaction() does: check out by promise, then BEGIN.
      const client = await pool.connect()
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
      await end()
      await close()
    }
  })
})

describe.skipIf(!serverUrl)(
  'the PostgreSQL pool with prepared statements off (decision 109)',
  () => {
    /** Whether a query named `portal_probe` left a prepared statement on its connection. */
    async function preparesByName(preparedStatements: boolean) {
      // TransactionSafePool takes the setting beside pg's own options.
      const config = { connectionString: serverUrl, max: 1, preparedStatements }
      const { pool, close } = openPool(config, TransactionSafePool)
      const client = await pool.connect()
      try {
        const named = await client.query({
          name: 'portal_probe',
          text: 'select $1::int as one',
          values: [1],
        })
        expect(named.rows).toEqual([{ one: 1 }])
        const { rows } = await client.query(
          "select count(*)::int as n from pg_prepared_statements where name = 'portal_probe'",
        )
        return rows[0].n === 1
      } finally {
        client.release()
        await close()
      }
    }

    it('names statements by default, and sends them unnamed when told to', async () => {
      expect(await preparesByName(true)).toBe(true)
      expect(await preparesByName(false)).toBe(false)
    })
  },
)
