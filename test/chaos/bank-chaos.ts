import { randomBytes } from 'node:crypto'
import { appendFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { openDatabase } from '#server/db/database'
import { mailOutbox } from '#server/db/schema'
import { keyRingSetting, setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { defaultRequestLimits } from '#server/load/request-limits'
import { deliveryLeaseMs } from '#server/mail/delivery'
import { createUploadStore } from '#server/storage/uploads'
import { startCluster } from '../../scripts/cluster/start-cluster'
import { freePort } from '../support/free-port'
import { createFreshDatabase } from '../support/fresh-database'
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres'
import { checkInvariants } from './checks'
import { runClient } from './clients'
import { RunRecord, total } from './history'
import { runNemesis } from './nemesis'
import { blockMidRun, runOperator } from './operator'
import { runProbes } from './probes'
import { seedChaosCustomers } from './seed'
import { startSmtpSink } from './smtp-sink'

export interface ChaosOptions {
  seconds: number
  clients: number
  servers: number
  /** A fault every this many milliseconds (kills, restarts and connection cuts take turns). */
  faultEveryMs: number
  log: (line: string) => void
}

export interface ChaosReport {
  seconds: number
  operations: Map<string, number>
  faults: Map<string, number>
  anomalies: string[]
  indeterminate: number
  noAnswers: Map<string, number>
  figures: Map<string, number>
  connectionsCut: number
  restarts: number
  /** The servers' own output, for a look after a failed run. */
  serverLog: string
}

/**
 * The bank test (Jepsen-style): clients move money through a load balancer in front of several
 * servers on one PostgreSQL while servers are killed, PostgreSQL restarted and database
 * connections cut; then the history and the database are checked. PostgreSQL is a server of the
 * run's own (test/support/private-postgres.ts): restarting the one other tests share would fail
 * them. See docs/decisions/052-chaos-bank-test.md.
 */
export async function runBankChaos(options: ChaosOptions): Promise<ChaosReport> {
  const postgres = await startPrivatePostgres()
  try {
    return await runOn(postgres, options)
  } finally {
    await postgres.destroy()
  }
}

async function runOn(postgres: PrivatePostgres, options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options
  const record = new RunRecord()
  const database = await createFreshDatabase(postgres.url, 'portal_chaos')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-chaos-'))
  const serverLog = path.join(dataDir, 'servers.log')
  const ring = singleKeyRing(randomBytes(32))
  setKeyRing(ring)
  // The operator's and the checker's own connection; a cut idle connection is replaced.
  const opened = await openDatabase({
    databaseUrl: database.url,
    dataDir: null,
    // The run's own fresh database: migrated here, as `npm run migrate` would, before any server.
    migrate: true,
    onIdleError: () => {},
  })
  const sink = await startSmtpSink()
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined
  const crashed = new Set<string>()
  try {
    const probeCount = 3 + Math.ceil(options.seconds / 3)
    const { clients, probes } = await seedChaosCustomers(
      opened.db,
      createUploadStore(path.join(dataDir, 'uploads')),
      { clients: options.clients, probes: probeCount },
      new Date(),
    )
    log(
      `seeded ${clients.length} customers and ${probes.length} probe customers in ${database.name}`,
    )
    const serverPorts = []
    for (let i = 0; i < options.servers; i++) serverPorts.push(await freePort())
    cluster = await startCluster({
      port: await freePort(),
      serverPorts,
      databaseUrl: database.url,
      dataDir,
      mailKeys: keyRingSetting(ring),
      // The clients stand for many customers: each names its own address as a proxy would.
      env: { SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.0/8' },
      // Each server greets the sink with its name (EHLO), so a copy says which server sent it.
      envOf: (server) => ({ SMTP_URL: `${sink.url}?name=${server}` }),
      onLine: (server, line) => void appendFile(serverLog, `[${server}] ${line}\n`),
      onCrash: (server, code) => {
        record.anomaly(`${server} exited by itself (code ${code})`)
        crashed.add(server)
      },
    })
    const { servers } = cluster
    // A crashed server is an anomaly; it is started again so the run goes on.
    const restartCrashed = setInterval(() => {
      for (const server of servers)
        if (crashed.delete(server.name) && !server.running()) void server.start().catch(() => {})
    }, 1_000)
    log(`${servers.length} servers behind ${cluster.url}; running for ${options.seconds} s`)

    const startedAt = Date.now()
    const stopAt = startedAt + options.seconds * 1000
    const running = () => Date.now() < stopAt
    const context = { url: cluster.url, record, sink, stopAt, settleBy: stopAt + 45_000 }
    let settled = false
    const operator = runOperator(opened.db, record, () => !settled)
    // Halfway, two customers who have made transfers are blocked with a notice.
    const blocker = blockMidRun(opened.db, record, clients, {
      at: (startedAt + stopAt) / 2,
      count: 2,
      giveUpAt: stopAt,
    }).then(() => {
      const blocked = [...record.blocked.values()]
      const at = (customer: (typeof blocked)[number]) =>
        customer.committedAt === undefined
          ? 'not committed'
          : `${((customer.committedAt - startedAt) / 1000).toFixed(1)} s`
      log(`notice set on ${blocked.map((c) => `${c.email} (${at(c)})`).join(' and ')}`)
    })
    const nemesis = runNemesis({
      servers,
      adminUrl: postgres.url,
      databaseName: database.name,
      restartDatabase: postgres.restart,
      record,
      everyMs: options.faultEveryMs,
      until: running,
    })
    const prober = runProbes({
      servers,
      probes,
      record,
      until: running,
      perAddress: defaultRequestLimits.perAddress,
    })
    await Promise.all(clients.map((customer, index) => runClient(context, customer, index)))
    await Promise.all([nemesis, prober, blocker])
    clearInterval(restartCrashed)
    for (const server of servers) if (!server.running()) await server.start()
    // Once more with every server up and no fault: each cross-server probe gets a calm try.
    const { lockoutsUsed } = await prober
    await runProbes({
      servers,
      probes,
      record,
      until: () => true,
      rounds: 3,
      firstLockout: 1 + lockoutsUsed,
      addressPrefix: '198.51.100.',
      perAddress: defaultRequestLimits.perAddress,
    })
    settled = true
    await operator
    log('faults stopped; waiting for the outbox to empty')
    const drainBy = Date.now() + deliveryLeaseMs + 20_000
    while (Date.now() < drainBy) {
      const pending = await opened.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'))
      if (pending.length === 0) break
      await sleep(250)
    }
    await checkInvariants(
      opened.db,
      record,
      sink,
      clients.map((customer) => customer.id),
    )
  } finally {
    log('stopping the servers and dropping the database')
    await cluster?.stop()
    record.figure('e-mail: SMTP sessions cut off', sink.cutSessions())
    await sink.close()
    // Bounded: a stuck connection must not keep the database from being dropped.
    await Promise.race([opened.close(), sleep(10_000)])
    await database.drop()
  }
  const report = {
    seconds: options.seconds,
    operations: record.operations,
    faults: record.faults,
    anomalies: record.anomalies,
    indeterminate: record.indeterminate,
    noAnswers: record.noAnswers,
    figures: record.figures,
    connectionsCut: record.connectionsCut,
    restarts: record.restarts,
    serverLog,
  }
  return report
}

/** The report as lines: operations, faults, anomalies (the goal is none). */
export function describeReport(report: ChaosReport): string[] {
  const lines = [`operations: ${total(report.operations)}`]
  for (const [name, n] of [...report.operations].sort()) lines.push(`  ${name}: ${n}`)
  lines.push('figures:')
  for (const [name, n] of [...report.figures].sort()) lines.push(`  ${name}: ${n}`)
  lines.push(`  requests without an answer, sent again: ${report.indeterminate}`)
  for (const [reason, n] of [...report.noAnswers].sort((a, b) => b[1] - a[1]).slice(0, 5))
    lines.push(`    ${reason}: ${n}`)
  lines.push(`faults injected: ${total(report.faults)}`)
  for (const [name, n] of [...report.faults].sort()) lines.push(`  ${name}: ${n}`)
  lines.push(
    `  (${report.connectionsCut} connections ended; servers started again: ${report.restarts})`,
  )
  lines.push(`anomalies found: ${report.anomalies.length}`)
  for (const anomaly of report.anomalies.slice(0, 50)) lines.push(`  ${anomaly}`)
  return lines
}

/** Cleans up what a run left behind (the servers' log is kept until then). */
export const removeRunFiles = (report: ChaosReport) =>
  rm(path.dirname(report.serverLog), { recursive: true, force: true })
