import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { type Config, ConfigError, parseConfig } from './config'
import { openDatabase } from './db/database'
import { startDeliveryWorker } from './mail/delivery'
import { createFileTransport, createSmtpTransport } from './mail/transport'
import { demoCredentials, seedDemoData } from './seed/demo-data'
import { createUploadStore } from './storage/uploads'

export const projectRoot = fileURLToPath(new URL('..', import.meta.url))
const printLog = (line: string) => console.log(`[portal] ${line}`)

/** Starts the whole portal; resolves once it listens. */
export async function startServer(
  config: Config,
  options: { webRoot?: string; log?: (line: string) => void } = {},
) {
  const log = options.log ?? printLog
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    onIdleError: (error) => log(`database connection lost: ${error.message}`),
  })
  const now = () => new Date()
  const seeded = config.seedDemo ? await seedDemoData(database.db, now()) : false
  const outboxDir = path.join(config.dataDir, 'outbox')
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createFileTransport(outboxDir, config.mailFrom, log)
  const worker = startDeliveryWorker({ db: database.db, transport, now, log })
  const app = createApp({
    db: database.db,
    uploads: createUploadStore(path.join(config.dataDir, 'uploads')),
    mailQueued: worker.wake,
    now,
    log,
    webRoot: options.webRoot ?? path.join(projectRoot, 'dist'),
    publicUrl: config.publicUrl,
    sessionIdleMs: config.sessionIdleMs,
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
    printLog('stopping')
    await running.stop()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main()
