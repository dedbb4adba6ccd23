import pg from 'pg'

const guarded = new WeakSet<pg.PoolClient>()

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before the try/finally that
 * releases the pooled client, so a BEGIN that fails (the connection cut just then) leaks the
 * client: after `max` such failures every query waits forever (drizzle-team/drizzle-orm#6241).
 * Until drizzle releases it itself, a client whose BEGIN fails is released here, with the error,
 * so the pool destroys it. drizzle touches the client no more after that failure.
 */
function releaseOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  if (guarded.has(client)) return client
  guarded.add(client)
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const [config] = args
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text
    const result = query(...args)
    if (result instanceof Promise && /^\s*begin\b/i.test(text ?? ''))
      result.catch((error: Error) => client.release(error))
    return result
  }) as typeof client.query
  return client
}

/**
 * A client that sends every statement unnamed: node-postgres prepares a statement by name
 * only when its query has one (drizzle's `.prepare(name)`), and a named statement lives on one
 * server connection, which PgBouncer in transaction pooling (before 1.21) hands to another
 * client after each transaction (docs/decisions/109). Unnamed, each is parsed and planned again.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args
    if (
      typeof config === 'object' &&
      config !== null &&
      'name' in config &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    )
      args[0] = { ...config, name: undefined }
    return (super.query as (...args: unknown[]) => never)(...args)
  }
}

/**
 * pg's pool, with the guard above on every client checked out by promise (drizzle's way);
 * `preparedStatements: false` makes its clients send every statement unnamed.
 */
export class TransactionSafePool extends pg.Pool {
  constructor({
    preparedStatements = true,
    ...options
  }: pg.PoolConfig & { preparedStatements?: boolean }) {
    super(preparedStatements ? options : { ...options, Client: UnnamedStatementsClient })
  }

  override connect(): Promise<pg.PoolClient>
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(releaseOnFailedBegin)
    super.connect(callback)
    return undefined
  }
}
