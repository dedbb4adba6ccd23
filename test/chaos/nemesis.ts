import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { ServerProcess } from '../../scripts/cluster/server-process'
import type { RunRecord } from './history'

/**
 * The faults, one every `everyMs`, taking turns: a server killed with SIGKILL (started again a
 * second later), and every PostgreSQL connection to the database cut (pg_terminate_backend:
 * the servers', the operator's). At most one server is down at a time.
 */
export async function runNemesis(options: {
  servers: ServerProcess[]
  adminUrl: string
  databaseName: string
  record: RunRecord
  everyMs: number
  until: () => boolean
}) {
  const { record } = options
  const restarts: Promise<void>[] = []
  for (let turn = 0; options.until(); turn++) {
    await sleep(options.everyMs)
    if (!options.until()) break
    const running = options.servers.filter((server) => server.running())
    if (turn % 2 === 0 && running.length === options.servers.length) {
      const victim = running[Math.floor(Math.random() * running.length)] as ServerProcess
      record.kills.push({ server: victim.name, at: Date.now() })
      await victim.kill('SIGKILL')
      record.fault('server killed (SIGKILL)')
      restarts.push(
        (async () => {
          await sleep(1_000)
          for (let attempt = 1; attempt <= 3; attempt++) {
            try {
              await victim.start()
              record.restarts++
              return
            } catch (error) {
              if (attempt === 3) record.anomaly(`${victim.name} did not start again: ${error}`)
            }
          }
        })(),
      )
    } else {
      const client = new pg.Client({ connectionString: options.adminUrl })
      try {
        await client.connect()
        const { rows } = await client.query(
          'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [options.databaseName],
        )
        record.fault('all database connections cut (pg_terminate_backend)')
        record.connectionsCut += rows.filter((row) => row.cut).length
      } finally {
        await client.end()
      }
    }
  }
  await Promise.all(restarts)
}
