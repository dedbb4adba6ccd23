import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { type Config, ConfigError, parseConfig } from './config'
import { openDatabase } from './db/database'
import { createLogger } from './logging/logger'
import { startDeliveryWorker } from './mail/delivery'
import { loadMailKey, setMailKey } from './mail/sealed-body'
import { createFileTransport, createSmtpTransport } from './mail/transport'
import { demoCredentials, seedDemoData } from './seed/demo-data'
import { createUploadStore } from './storage/uploads'

export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

/** Starts the whole portal; resolves once it listens. */
export async function startServer(
  config: Config,
  options: { webRoot?: string; log?: (line: string) => void } = {},
) {
  // Structured JSON lines on stdout (or to the caller's `log`), secrets and personal data redacted.
  const logger = createLogger(options.log)
  const log = (line: string) => logger.info(line)
  setMailKey(await loadMailKey(config))
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    onIdleError: (error) => logger.error({ err: error }, 'database connection lost'),
  })
  const now = () => new Date()
  const seeded = config.seedDemo ? await seedDemoData(database.db, now()) : false
  const outboxDir = path.join(config.dataDir, 'outbox')
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createFileTransport(outboxDir, config.mailFrom, log)
  const worker = startDeliveryWorker({ db: database.db, transport, now, log })
  const uploads = createUploadStore(path.join(config.dataDir, 'uploads'))
  // Leftovers of a server that died mid-upload; an hour leaves other servers' uploads alone.
  const swept = await uploads.sweep(database.db, now(), 60 * 60_000)
  if (swept > 0) log(`uploads: removed ${swept} files left by an interrupted request`)
  const app = createApp({
    db: database.db,
    uploads,
    mailQueued: worker.wake,
    now,
    log,
    logger,
    trustProxy: config.trustProxy,
    webRoot: options.webRoot ?? path.join(projectRoot, 'dist'),
    publicUrl: config.publicUrl,
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(started),
    )
    started.once('error', reject)
  })

  log(`database: ${database.description}${seeded ? ' (new: demo data seeded)' : ''}`)
  log(`e-mail: ${transport.describe()}`)
  log(`portal: ${config.publicUrl}/wp-user/`)
  if (config.seedDemo) {
    for (const demo of demoCredentials)
      log(`demo login (${demo.who}): ${demo.email} / ${demo.secret}`)
  }

  return {
    url: config.publicUrl,
    log,
    /** The server's own database handle (for tests and in-process operator commands). */
    db: database.db,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await worker.stop()
      await database.close()
    },
  }
}

export async function main() {
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
  const running = await startServer(config).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const hint =
      (error as { code?: string }).code === 'EADDRINUSE'
        ? ` (port ${config.port} is taken: set PORT)`
        : ''
    console.error(`The portal could not start: ${message}${hint}`)
    process.exit(1)
  })
  const shutdown = async () => {
    running.log('stopping')
    await running.stop()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main()
