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
      const watched = running[0]
      const watching = watched ? watchReadiness(watched, record) : undefined
      await options.restartDatabase()
      record.fault('PostgreSQL restarted (pg_ctl restart -m fast)')
      await watching?.()
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

/** How long a server may take to be ready again once PostgreSQL is back. */
const readyAgainWithinMs = 30_000
const said503 = '/readyz said 503 while PostgreSQL restarted'

/**
 * Polls a server's `/readyz` from just before PostgreSQL restarts; the returned function, called
 * once the restart is done, waits for it to be ready again. Counts the restarts in which it said
 * 503; one still not ready 30 s after is an anomaly. A server killed meanwhile counts neither way.
 */
function watchReadiness(server: ServerProcess, record: RunRecord) {
  let restartedAt: number | undefined
  let saw503 = false
  const readyAgain = (async () => {
    while (server.running()) {
      const status = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
        .then(async (response) => {
          await response.body?.cancel()
          return response.status
        })
        .catch(() => 0)
      if (status === 503) saw503 = true
      if (restartedAt !== undefined) {
        if (status === 200) return true
        if (Date.now() > restartedAt + readyAgainWithinMs) return false
      }
      await sleep(100)
    }
    return true
  })()
  return async () => {
    restartedAt = Date.now()
    if (!(await readyAgain))
      record.anomaly(`${server.name}: /readyz not 200 within 30 s of PostgreSQL's restart`)
    if (saw503) record.figure(said503, (record.figures.get(said503) ?? 0) + 1)
  }
}
