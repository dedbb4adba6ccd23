import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '#server/db/database'
import { sendBroadcasts } from '#server/domain/broadcast-sending'

/**
 * One server's broadcast job, alone in a child process on the PostgreSQL of DATABASE_URL, for
 * the crash test that kills it mid-batch: it writes batches of BATCH_SIZE over and over, as the
 * server's job does, until it is killed.
 */
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  poolSize: 2,
  dataDir: null,
  // A server's process on a database the test migrated: it only checks the schema.
  migrate: false,
})
const batchSize = Number(process.env.BATCH_SIZE ?? 500)
for (;;) {
  await sendBroadcasts(database.db, () => new Date(), batchSize)
  await sleep(10)
}
