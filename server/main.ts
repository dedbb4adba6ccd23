import { createServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { type Config, ConfigError, parseConfig } from './config'
import { openDatabase } from './db/database'
import { retryWhileDatabaseAway } from './db/errors'
import { ensureBankAccounts } from './db/ledger'
import { startBroadcastJob } from './domain/broadcast-sending'
import { startFigureRollupJob } from './domain/figure-rollups'
import { startMaturityJob } from './domain/fixed-deposits'
import { startReconciliationJob } from './domain/reconciliation'
import { startScheduledTransfersJob } from './domain/scheduled-transfers'
import { startSecurityRetentionJob } from './domain/security-retention'
import { createReadiness } from './health/readiness'
import { checkKeyRing } from './keys/key-check'
import { loadKeyRing, setKeyRing } from './keys/key-ring'
import { sealedStores } from './keys/sealed-stores'
import { continueWithinLimits } from './load/body-limits'
import { createFloodGate } from './load/flood-gate'
import {
  createRequestLimits,
  defaultRequestLimits,
  type RequestLimits,
} from './load/request-limits'
import { createLogger } from './logging/logger'
import { startDeliveryWorker } from './mail/delivery'
import { createFileTransport, createSmtpTransport } from './mail/transport'
import { watchBank } from './metrics/bank-gauges'
import { startMetricsServer } from './metrics/metrics-server'
import { databaseErrorsTotal } from './metrics/registry'
import { startOpsChannel } from './ops/channel'
import { loggedPhases, type RunPhase, terminalPhases } from './phases'
import { projectRoot } from './project-root'
import { demoAccountsWarning, holdsDemoAccounts } from './seed/demo-accounts'
import { seedDemoData } from './seed/demo-data'
import { describeDemoLogins } from './seed/demo-logins'
import { describeStaff } from './staff/banner'
import { startUploadMoveJob } from './storage/move-uploads'
import { createUploadStore } from './storage/uploads'
import { startTracing, stopTracing, TracingSettingError } from './tracing/switch'
import { portalVersion } from './version'

const printLog = (line: string) => console.log(`[portal] ${line}`)

/**
 * Starts the whole portal; resolves once it listens. Each start-up phase gets one line: on the
 * terminal by default, through `log` when one is given.
 */
export async function startServer(
  config: Config,
  options: {
    webRoot?: string
    log?: (line: string) => void
    phases?: RunPhase
    /** A build of the web app under way, giving how long it took: the server listens once it is done. */
    webAppBuilt?: Promise<string>
    /** Other limits on calls without a session than the defaults (for tests). */
    requestLimits?: RequestLimits
  } = {},
) {
  // Start-up phases and the banner are lines for the person who started the server; everything
  // the running server reports is structured JSON (secrets and personal data redacted).
  const logger = createLogger(options.log, config.logLevel)
  const log = (line: string) => logger.info(line)
  const json = config.logFormat === 'json' && !options.log
  const say = options.log ?? (json ? log : printLog)
  const phases =
    options.phases ??
    (options.log ? loggedPhases(options.log) : json ? loggedPhases(log) : terminalPhases())
  const ring = await loadKeyRing(config)
  setKeyRing(ring)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    dataDir: path.join(config.dataDir, 'pgdata'),
    migrate: config.migrateAtStart,
    onIdleError: (error) => {
      databaseErrorsTotal.inc()
      logger.error({ err: error }, 'database connection lost')
    },
    phases,
  })
  const now = () => new Date()
  const uploads = createUploadStore(path.join(config.dataDir, 'uploads'))
  // A ring without a key that sealed values name would lose them: refuse to start, naming it.
  // Each start-up step that reads the database waits out a restart of it (retryWhileDatabaseAway).
  await retryWhileDatabaseAway(() => checkKeyRing(database.db, ring, sealedStores)).catch(
    async (error: unknown) => {
      await database.close()
      throw error
    },
  )
  // Several servers starting at once on one PostgreSQL: one at a time here.
  await retryWhileDatabaseAway(() =>
    database.exclusive(async () => {
      // Bank accounts added by later versions of the ledger exist before anything posts to them.
      await ensureBankAccounts(database.db)
      if (config.seedDemo)
        await phases(
          'seeding demo customers',
          () => seedDemoData(database.db, uploads, now()),
          (seeded, took) =>
            seeded ? `done in ${took}` : 'skipped: the database already has users',
        )
    }),
  )
  const outboxDir = path.join(config.dataDir, 'outbox')
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createFileTransport(outboxDir, config.mailFrom, log)
  const worker = startDeliveryWorker({ db: database.db, transport, now, log })
  const maturities = startMaturityJob({ db: database.db, now, log })
  const retention = startSecurityRetentionJob({ db: database.db, now, log })
  const scheduledTransfers = startScheduledTransfersJob({
    db: database.db,
    now,
    log,
    mailQueued: worker.wake,
  })
  const broadcastSending = startBroadcastJob({ db: database.db, now, log })
  const figureRollup = startFigureRollupJob({ db: database.db, now, log })
  const reconciliation = startReconciliationJob({ db: database.db, now, log })
  // Leftovers of an earlier version's server that died mid-upload, while its files were on
  // disk; an hour leaves the uploads of such a server still running alone.
  const swept = await retryWhileDatabaseAway(() =>
    uploads.legacy.sweep(database.db, now(), 60 * 60_000),
  )
  if (swept > 0) log(`uploads: removed ${swept} files left by an interrupted request`)
  // Files still on disk move into the database while the server serves (docs/decisions/107).
  const uploadMove = startUploadMoveJob({ db: database.db, uploads, log })
  const limits = createRequestLimits(
    database.db,
    options.requestLimits ?? defaultRequestLimits,
    now,
    { shared: database.shared },
  )
  const floodGate = await createFloodGate({
    limits,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    now,
    logger,
  })
  const readiness = createReadiness({ db: database.db })
  const app = createApp(
    {
      db: database.db,
      readiness,
      uploads,
      mailQueued: worker.wake,
      now,
      log,
      logger,
      trustProxy: config.trustProxy,
      webRoot: options.webRoot ?? path.join(projectRoot, 'dist'),
      publicUrl: config.publicUrl,
      sessionIdleMs: config.sessionIdleMs,
      sessionRememberedIdleMs: config.sessionRememberedIdleMs,
    },
    { limits, floodGate },
  )
  const bankWatch = watchBank({ db: database.db, connections: database.connections, now })
  const metricsServer = config.metrics ? await startMetricsServer(config.metrics) : null
  const opsChannel = await startOpsChannel({
    socketPath: config.opsSocket,
    db: database.db,
    now,
    publicUrl: config.publicUrl,
    afterCommand: worker.wake,
    log,
  })
  const { webAppBuilt } = options
  if (webAppBuilt)
    await phases(
      'finishing the web app build',
      () => webAppBuilt,
      (buildTook, took) => `done in ${took} (the build took ${buildTook})`,
    )
  const server = await phases(
    `listening on ${config.host}:${config.port}`,
    () =>
      new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        // The flood gate sits before HTTP parsing (its connection cap) and before the app; the
        // body limits answer `Expect: 100-continue`.
        const gated = ((options: object, listener: Parameters<typeof createServer>[0]) =>
          floodGate.attach(
            continueWithinLimits(
              createServer(
                options,
                floodGate.wrap(listener as Parameters<typeof floodGate.wrap>[0]),
              ),
            ),
          )) as typeof createServer
        const started = serve(
          { fetch: app.fetch, port: config.port, hostname: config.host, createServer: gated },
          () => resolve(started),
        )
        started.once('error', reject)
      }),
  )

  say(`release: ${portalVersion}`)
  say(`database: ${database.description}`)
  if (metricsServer) say(`metrics: ${metricsServer.url}`)
  say(`e-mail: ${transport.describe()}`)
  say(`portal: ${config.publicUrl}/wp-user/`)
  say(await retryWhileDatabaseAway(() => describeStaff(database.db, config.publicUrl)))
  // Loud whatever SEED_DEMO says now: the accounts may have been seeded by an earlier start.
  if (await retryWhileDatabaseAway(() => holdsDemoAccounts(database.db))) {
    for (const line of demoAccountsWarning) say(line)
    logger.warn('the database holds the demo accounts: npm run ops -- demo remove')
    const demoLogins = await retryWhileDatabaseAway(() => describeDemoLogins(database.db, now()))
    if (demoLogins.length > 0) {
      say('demo logins, as they are in the database now:')
      for (const line of demoLogins) say(`  ${line}`)
    }
  }

  return {
    url: config.publicUrl,
    log,
    /** The server's own database handle (for tests and in-process operator commands). */
    db: database.db,
    async stop() {
      // Balancers see /readyz fail at once and stop sending new requests; what they send
      // meanwhile is still served.
      readiness.drain()
      if (config.drainMs > 0) {
        say(`draining for ${config.drainMs / 1000} s before stopping`)
        await new Promise((resolve) => setTimeout(resolve, config.drainMs))
      }
      floodGate.stop()
      // Requests under way get a few seconds to finish; a connection still open after that (a
      // client that never reads its answer, a socket the flood gate stopped reading) must not
      // keep the server from stopping.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      const grace = setTimeout(() => {
        if ('closeAllConnections' in server) server.closeAllConnections()
      }, stopGraceMs)
      await closed
      clearTimeout(grace)
      await metricsServer?.stop()
      bankWatch.stop()
      await opsChannel.stop()
      await worker.stop()
      await maturities.stop()
      await retention.stop()
      await scheduledTransfers.stop()
      await broadcastSending.stop()
      await figureRollup.stop()
      await reconciliation.stop()
      await uploadMove.stop()
      await database.close()
    },
  }
}

/** How long `stop` lets requests under way finish before it closes their connections. */
const stopGraceMs = 5_000

/** The signals that stop the server: Ctrl-C, `kill` and service managers, a closed terminal. */
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * `npm start` and `tsx server/main.ts`: reads the settings, starts, stops on a signal. A signal
 * before the server listens ends the process at once, with 128 + the signal's number as a shell
 * reports it (the 'exit' event still runs, so scripts/start.ts stops its web app build); once it
 * listens, the server stops (requests under way get their grace) and the process exits 0. Ctrl-C
 * reaches this process twice (from the terminal, and from npm, which passes signals on): a repeat
 * within a second is that one signal; a later one ends the process at once.
 */
export async function main(options: { webAppBuild?: () => Promise<string> } = {}) {
  let running: Awaited<ReturnType<typeof startServer>> | undefined
  let stoppingSince: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined && performance.now() - stoppingSince < 1_000) return
    if (!running || stoppingSince !== undefined) process.exit(128 + os.constants.signals[signal])
    stoppingSince = performance.now()
    running.log(`stopping (${signal})`)
    running
      .stop()
      .then(() => stopTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`The portal did not stop cleanly: ${error}`)
          process.exit(1)
        },
      )
  }
  for (const signal of stopSignals) process.on(signal, onSignal)
  let config: Config
  try {
    config = parseConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
  // Before the database driver loads: its instrumentation patches it (docs/decisions/116).
  await startTracing(process.env).catch((error: unknown) => {
    if (!(error instanceof TracingSettingError)) throw error
    console.error(`Invalid settings in the environment:\n  ${error.message}`)
    process.exit(2)
  })
  const webAppBuilt = options.webAppBuild?.()
  // Awaited later, after the database phases; a failure before then must not crash unhandled.
  webAppBuilt?.catch(() => {})
  running = await startServer(config, { webAppBuilt }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const hint =
      (error as { code?: string }).code === 'EADDRINUSE'
        ? ` (port ${config.port} is taken: set PORT)`
        : ''
    console.error(`The portal could not start: ${message}${hint}`)
    process.exit(1)
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main()
