import { setTimeout as sleep } from 'node:timers/promises'
import type { ServerProcess } from '../../scripts/cluster/server-process'
import { withClient } from '../support/pg-connections'
import type { RunRecord } from './history'

type Fault = 'kill a server' | 'restart PostgreSQL' | 'cut connections'

/** The faults' turns; a server is killed only while all are up, else connections are cut. */
const turns: Fault[] = ['kill a server', 'restart PostgreSQL', 'kill a server', 'cut connections']

/**
 * The faults, one every `everyMs`, taking turns: a server killed with SIGKILL (started again a
 * second later); PostgreSQL restarted (`pg_ctl restart -m fast`: every connection ends and new
 * ones are refused until it is back); every PostgreSQL connection to the database cut
 * (pg_terminate_backend: the servers', the operator's). At most one server is down at a time.
 */
export async function runNemesis(options: {
  servers: ServerProcess[]
  adminUrl: string
  databaseName: string
  restartDatabase: () => Promise<void>
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
    let fault = turns[turn % turns.length] as Fault
    if (fault === 'kill a server' && running.length < options.servers.length)
      fault = 'cut connections'
    if (fault === 'kill a server') {
      const victim = running[Math.floor(Math.random() * running.length)] as ServerProcess
      restarts.push(killAndStartAgain(victim, record))
    } else if (fault === 'restart PostgreSQL') {
      await options.restartDatabase()
      record.fault('PostgreSQL restarted (pg_ctl restart -m fast)')
    } else {
      const { rows } = await withClient(options.adminUrl, (client) =>
        client.query(
          'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [options.databaseName],
        ),
      )
      record.fault('all database connections cut (pg_terminate_backend)')
      record.connectionsCut += rows.filter((row) => row.cut).length
    }
  }
  await Promise.all(restarts)
}

/** SIGKILL, then the server started again a second later. */
async function killAndStartAgain(victim: ServerProcess, record: RunRecord) {
  record.kills.push({ server: victim.name, at: Date.now() })
  await victim.kill('SIGKILL')
  record.fault('server killed (SIGKILL)')
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
}
