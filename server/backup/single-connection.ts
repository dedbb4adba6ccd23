import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Database } from '../db/database'
import * as schema from '../db/schema'

/**
 * One connection of its own to PostgreSQL, with the app's drizzle API over it: a backup holds
 * its snapshot's transaction on it while pg_dump runs, and a restore reads the restored bank.
 */
export async function openSingleConnection(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  // A connection ended under it fails the statement under way; it must not end the process.
  client.on('error', () => {})
  await client.connect()
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database
  return { client, db, close: () => client.end() }
}
