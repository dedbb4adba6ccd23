import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { Queryable } from './database'

/**
 * Runs `query` as a named prepared statement on PostgreSQL: each connection parses and plans it
 * once, then only binds and executes it (docs/decisions/056). For the hot statements of a call
 * sent many times a second, whose parse and plan cost PostgreSQL more than running them. The name
 * comes from the text, so one statement shape is one prepared statement per connection, and a
 * shape that varies (a posting of 2 or 4 lines) is a few. PGlite runs it as an ordinary query.
 * The result is what `execute` returns.
 */
export function executePrepared(db: Queryable, query: SQL): Promise<unknown> {
  // drizzle's own `execute` is this call without a name; `session` and `dialect` are the same
  // objects it uses, left out of its public types.
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect }
  const built = dialect.sqlToQuery(query)
  return session.prepareQuery(built, undefined, statementName(built.sql), false).execute()
}

const names = new Map<string, string>()

function statementName(text: string): string {
  let name = names.get(text)
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    // Texts are a handful of shapes; the bound only guards against a caller that builds many.
    if (names.size < 1000) names.set(text, name)
  }
  return name
}
