/**
 * PostgreSQL error details through drizzle's wrapping (the driver's error is a `cause`), the
 * same on PGlite and node-postgres.
 */
function findInCauses(
  error: unknown,
  key: 'code' | 'constraint' | 'table' | 'message',
): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const value = (current as Record<string, unknown>)[key]
    if (typeof value === 'string') return value
  }
  return undefined
}

/** The SQLSTATE of a database error, e.g. 23505 (unique) or 23514 (check). */
export const databaseErrorCode = (error: unknown) => findInCauses(error, 'code')

/** The name of the unique index a failed insert collided with, or undefined. */
export const violatedUniqueIndex = (error: unknown) =>
  databaseErrorCode(error) === '23505' ? findInCauses(error, 'constraint') : undefined

/** The table a failed statement's error names (a NOT NULL or CHECK failure), or undefined. */
export const failedTable = (error: unknown) => findInCauses(error, 'table')

/** The name of the CHECK constraint a failed statement broke, or undefined. */
export const violatedCheck = (error: unknown) =>
  databaseErrorCode(error) === '23514' ? findInCauses(error, 'constraint') : undefined

/**
 * The message of a request the database refused as malformed (SQLSTATE 22023, raised by the
 * ledger's functions: an unbalanced posting, an unknown account), or undefined.
 */
export function malformedRequest(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (code === '22023' && typeof message === 'string') return message
  }
  return undefined
}

/** What node-postgres says, without a SQLSTATE, when a connection ends under a query. */
const endedConnection = /^Connection terminated|not queryable|^connect ECONNREFUSED|EPIPE/

/**
 * Whether the database could not be reached or ended the connection (a restart, a failover, a
 * cut connection): SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, starting
 * up) or 53300 (too many connections), or the driver's own words for a connection that ended.
 * The request can be sent again.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      /^08|^57P0[123]$|^53300$|^E(CONNREFUSED|CONNRESET|PIPE)$/.test(code)
    )
      return true
    if (typeof message === 'string' && endedConnection.test(message)) return true
  }
  return false
}

/**
 * Runs `work` again while the database is away (a restart, cut connections: `databaseUnavailable`)
 * for up to `withinMs`, half a second apart: a server starting while PostgreSQL restarts waits
 * for it instead of exiting. Any other failure, or one that outlasts the wait, is thrown.
 */
export async function retryWhileDatabaseAway<T>(
  work: () => Promise<T>,
  withinMs = 30_000,
): Promise<T> {
  const giveUpAt = Date.now() + withinMs
  for (;;) {
    try {
      return await work()
    } catch (error) {
      if (!databaseUnavailable(error) || Date.now() > giveUpAt) throw error
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
}
