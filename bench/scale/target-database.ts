/**
 * The databases the scale bench seeds, on DATABASE_URL's server: its own, by name, marked by a
 * table only it writes (`scale_bench_seed`). It refuses a database that holds customers it did
 * not make, or anything else not its own, before changing anything in any of them.
 */
import pg from 'pg'
import { seedEmailDomain } from './seed'

export const markerTable = 'scale_bench_seed'

export class NotTheBenchsDatabase extends Error {}

export interface TargetState {
  name: string
  url: string
  exists: boolean
}

export const databaseUrlOn = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** What the database `name` holds, or why the bench may not seed it (NotTheBenchsDatabase). */
export async function inspectTarget(serverUrl: string, name: string): Promise<TargetState> {
  const url = databaseUrlOn(serverUrl, name)
  const exists = await withClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    return (found.rowCount ?? 0) > 0
  })
  if (!exists) return { name, url, exists }
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ marker: string | null; users: string | null }>(
      `SELECT to_regclass('public.${markerTable}')::text AS marker, to_regclass('public.users')::text AS users`,
    )
    const { marker, users } = rows[0] ?? { marker: null, users: null }
    if (users) {
      const foreign = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM users WHERE email NOT LIKE $1',
        [`%@${seedEmailDomain}`],
      )
      const count = foreign.rows[0]?.count ?? 0
      if (count > 0)
        throw new NotTheBenchsDatabase(
          `The database ${name} has ${count} customer${count === 1 ? '' : 's'} the scale bench did not make: it seeds only databases of its own. Nothing was changed; name another database (SCALE_DATABASE_PREFIX).`,
        )
    }
    if (!marker) {
      const tables = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public'",
      )
      if ((tables.rows[0]?.count ?? 0) > 0)
        throw new NotTheBenchsDatabase(
          `The database ${name} has tables the scale bench did not make (no ${markerTable}): it seeds only databases of its own. Nothing was changed; name another database (SCALE_DATABASE_PREFIX).`,
        )
    }
    return { name, url, exists }
  })
}

/** A new empty database in place of the bench's own (inspected before: never another's). */
export async function recreateDatabase(serverUrl: string, target: TargetState) {
  await withClient(serverUrl, async (client) => {
    if (target.exists) await client.query(`DROP DATABASE ${target.name} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${target.name}`)
  })
  await withClient(target.url, (client) =>
    client.query(`CREATE TABLE ${markerTable} (customers int NOT NULL, started_at timestamptz NOT NULL,
      completed_at timestamptz)`),
  )
}

export async function markSeeding(url: string, customers: number) {
  await withClient(url, (client) =>
    client.query(`INSERT INTO ${markerTable} (customers, started_at) VALUES ($1, now())`, [
      customers,
    ]),
  )
}

export async function markSeeded(url: string) {
  await withClient(url, (client) => client.query(`UPDATE ${markerTable} SET completed_at = now()`))
}
