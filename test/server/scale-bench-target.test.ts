import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { users } from '#server/db/schema'
import {
  databaseUrlOn,
  inspectTarget,
  markerTable,
  NotTheBenchsDatabase,
  recreateDatabase,
} from '../../bench/scale/target-database'
import { withClient } from '../support/pg-connections'

/**
 * `npm run bench:scale` seeds only databases of its own (bench/scale/target-database.ts): one
 * holding customers it did not make, or tables without its marker, is refused before anything
 * in it changes.
 */
const serverUrl = process.env.DATABASE_URL

describe.skipIf(!serverUrl)("the scale bench's databases", () => {
  const server = serverUrl as string
  const name = `scale_target_${randomBytes(4).toString('hex')}`
  const url = databaseUrlOn(server, name)
  const onServer = (statement: string) => withClient(server, (client) => client.query(statement))

  afterAll(() => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))

  async function portalWith(emails: string[]) {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await onServer(`CREATE DATABASE ${name}`)
    const database = await openDatabase({ databaseUrl: url, dataDir: null, migrate: true })
    try {
      for (const email of emails)
        await database.db.insert(users).values({
          email,
          username: email.split('@')[0] as string,
          firstName: 'Real',
          lastName: 'Customer',
          fullname: 'Real Customer',
          passcodeHash: 'not a hash: never signs in',
        })
    } finally {
      await database.close()
    }
  }

  const emailsIn = () =>
    withClient(url, async (client) =>
      (await client.query<{ email: string }>('SELECT email FROM users ORDER BY id')).rows.map(
        (row) => row.email,
      ),
    )

  it('refuses a database with customers it did not make, and changes nothing', async () => {
    await portalWith(['real@example.com', 'c7@scale-bench.invalid'])
    await withClient(url, (client) =>
      client.query(`CREATE TABLE ${markerTable} (customers int NOT NULL, started_at timestamptz NOT NULL,
        completed_at timestamptz)`),
    )
    const refused = inspectTarget(server, name)
    await expect(refused).rejects.toBeInstanceOf(NotTheBenchsDatabase)
    await expect(refused).rejects.toThrow(
      `The database ${name} has 1 customer the scale bench did not make: it seeds only databases of its own. Nothing was changed`,
    )
    expect(await emailsIn()).toEqual(['real@example.com', 'c7@scale-bench.invalid'])
  })

  it("refuses a portal's database it did not make, even with no customers", async () => {
    await portalWith([])
    await expect(inspectTarget(server, name)).rejects.toThrow(
      `The database ${name} has tables the scale bench did not make (no ${markerTable})`,
    )
    expect(await emailsIn()).toEqual([])
  })

  it('takes back a database of its own, emptied, with its marker', async () => {
    await portalWith(['c1@scale-bench.invalid'])
    await withClient(url, (client) =>
      client.query(`CREATE TABLE ${markerTable} (customers int NOT NULL, started_at timestamptz NOT NULL,
        completed_at timestamptz)`),
    )
    const target = await inspectTarget(server, name)
    expect(target).toEqual({ name, url, exists: true })
    await recreateDatabase(server, target)
    const tables = await withClient(url, async (client) =>
      (
        await client.query<{ name: string }>(
          "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
        )
      ).rows.map((row) => row.name),
    )
    expect(tables).toEqual([markerTable])
  })

  it('has nothing to refuse where the database does not exist yet', async () => {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    expect(await inspectTarget(server, name)).toEqual({ name, url, exists: false })
  })
})
