import { once } from 'node:events'
import pg from 'pg'

/**
 * The one place tests open PostgreSQL connections of their own (the server's pool, made by
 * `openDatabase`, has its own listener). Two rules, both learnt from runs that failed although
 * every assertion passed (issue 38):
 *
 * - Every client and pool listens for 'error'. A backend ended under a client (a restart, a
 *   `DROP DATABASE ... WITH (FORCE)`, `pg_terminate_backend`) makes pg emit 'error'; with no
 *   listener that is an uncaught exception that fails the whole run. The error is kept instead:
 *   the next query on the client rejects, so a test that still needed it fails by name.
 * - Closing waits until every connection is really gone. pg-pool's `end()` resolves once its
 *   clients are handed to `client.end()`, before their sockets close; a database dropped just
 *   then terminates a client that is still ending, which emits 'error'.
 *
 * test/server/test-connections.test.ts fails when a test file makes a pool or client anywhere else.
 */

export interface TestClient {
  client: pg.Client
  /** Ends the connection; resolves once its socket has closed. */
  end(): Promise<void>
}

/** A connected client with an error listener. */
export async function openClient(connectionString: string): Promise<TestClient> {
  const client = new pg.Client({ connectionString })
  // Once it has failed, pg refuses the client's next query ("not queryable"): that is the report.
  client.on('error', () => {})
  await client.connect()
  return { client, end: () => client.end() }
}

/** `work` on a client of its own, ended (socket closed) before this resolves. */
export async function withClient<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { client, end } = await openClient(connectionString)
  try {
    return await work(client)
  } finally {
    await end()
  }
}

export interface TestPool<P extends pg.Pool = pg.Pool> {
  pool: P
  /** Ends the pool; resolves once every one of its connections has closed. */
  close(): Promise<void>
}

/**
 * A pool with an error listener on the pool and on each client, whose `close` waits for the
 * last connection to go. `Pool` is pg's own unless a test is about a pool class of the server's.
 */
export function openPool<P extends pg.Pool = pg.Pool>(
  config: pg.PoolConfig,
  Pool: new (config: pg.PoolConfig) => P = pg.Pool as unknown as new (
    config: pg.PoolConfig,
  ) => P,
): TestPool<P> {
  const pool = new Pool(config)
  // An idle client that fails is removed from the pool, which then emits here; the next query
  // gets a new connection or fails by itself.
  pool.on('error', () => {})
  const open = new Set<pg.PoolClient>()
  pool.on('connect', (client) => {
    open.add(client)
    // A client checked out when its backend ends emits on the client, not on the pool; the
    // query it was running rejects.
    client.on('error', () => {})
  })
  pool.on('remove', (client) => open.delete(client))
  return {
    pool,
    async close() {
      await pool.end()
      while (open.size > 0) await once(pool, 'remove')
    },
  }
}
