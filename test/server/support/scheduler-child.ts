import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '#server/db/database'
import { runDueTransfers } from '#server/domain/scheduled-transfers'

/**
 * One server's scheduler of scheduled transfers, alone in a child process on the PostgreSQL of
 * DATABASE_URL, for the crash test that kills it mid-run: it makes the due runs over and over,
 * as the server's minute job does, until it is killed.
 */
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  poolSize: 2,
  dataDir: null,
  // A server's process on a database the test migrated: it only checks the schema.
  migrate: false,
})
for (;;) {
  await runDueTransfers(database.db, new Date())
  await sleep(10)
}
