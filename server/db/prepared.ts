import { createHash } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
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

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>
}

/**
 * A statement whose text is built once: `build` gets, per parameter, its `$n` with its type
 * (each may be used many times) and must embed no value of its own. It is prepared once per
 * database handle, so a call only binds the values and executes it, as `executePrepared` does
 * (docs/decisions/059). The result is what `execute` returns.
 */
export function staticStatement<N extends string>(
  types: Record<N, string>,
  build: (parameters: Record<N, SQL>) => SQL,
): (db: Queryable, values: Record<N, unknown>) => Promise<unknown> {
  const names = Object.keys(types) as N[]
  const parameters = Object.fromEntries(
    names.map((name, index) => [name, sql.raw(`$${index + 1}::${types[name]}`)]),
  ) as Record<N, SQL>
  const query = build(parameters)
  const prepared = new WeakMap<object, Prepared>()
  return (db, values) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect }
    let statement = prepared.get(session)
    if (!statement) {
      const built = dialect.sqlToQuery(query)
      if (built.params.length > 0)
        throw new Error(`a static statement embeds a value: ${built.sql.slice(0, 80)}`)
      const placeholders = names.map((name) => sql.placeholder(name))
      statement = session.prepareQuery(
        { sql: built.sql, params: placeholders },
        undefined,
        statementName(built.sql),
        false,
      ) as Prepared
      prepared.set(session, statement)
    }
    return statement.execute(values)
  }
}
