import path from 'node:path'
import { defaultPoolSize, openDatabase } from '#server/db/database'
import { type LoadBalancer, startLoadBalancer } from './load-balancer'
import { type ServerProcess, serverProcess } from './server-process'

/**
 * N portal servers on one PostgreSQL behind a local load balancer. They share nothing on disk:
 * server n has its own DATA_DIR, `<dataDir>/server-<n>` (its operator socket ops.sock, its
 * local outbox of .eml files without SMTP_URL), and stored files are in the database
 * (docs/decisions/107). They are handed one key ring (MAIL_KEYS), which seals e-mail bodies,
 * staff TOTP secrets and stored files alike. The schema is migrated first, as `npm run migrate`
 * does before servers are rolled (docs/decisions/108); then the first server starts alone (it
 * seeds), the others after it. See docs/decisions/050-several-servers.md.
 * Unless DATABASE_POOL_SIZE is set, they share one machine's worth of connections (063).
 */
export interface Cluster {
  url: string
  servers: ServerProcess[]
  balancer: LoadBalancer
  stop(): Promise<void>
}

/** Where server `name` of a cluster in `dataDir` keeps its own files (its ops.sock, its outbox). */
export const serverDataDir = (dataDir: string, name: string) => path.join(dataDir, name)

export async function startCluster(options: {
  /** The balancer's port. */
  port: number
  /** One port per server. */
  serverPorts: number[]
  databaseUrl: string
  dataDir: string
  /** The key ring as MAIL_KEYS writes it. */
  mailKeys: string
  /** More settings for every server (SMTP_URL, SEED_DEMO, TRUST_PROXY, ...). */
  env?: Record<string, string>
  /** Settings of one server, by its name (`server-1`, ...), over `env`. */
  envOf?: (server: string) => Record<string, string>
  onLine?: (server: string, line: string) => void
  onCrash?: (server: string, exitCode: number | null) => void
}): Promise<Cluster> {
  const poolSize =
    process.env.DATABASE_POOL_SIZE ||
    String(Math.max(2, Math.ceil(defaultPoolSize() / options.serverPorts.length)))
  const servers = options.serverPorts.map((port, i) => {
    const name = `server-${i + 1}`
    return serverProcess({
      name,
      port,
      env: {
        TRUST_PROXY: '1',
        DATABASE_POOL_SIZE: poolSize,
        ...options.env,
        ...options.envOf?.(name),
        // Given as values: a secret file of this process's settings would clash with them.
        DATABASE_URL: options.databaseUrl,
        DATABASE_URL_FILE: '',
        DATA_DIR: serverDataDir(options.dataDir, name),
        MAIL_KEYS: options.mailKeys,
        MAIL_KEY: '',
        MAIL_KEY_FILE: '',
        MAIL_KEYS_FILE: '',
        PUBLIC_URL: options.env?.PUBLIC_URL ?? `http://127.0.0.1:${options.port}`,
      },
      onLine: options.onLine && ((line) => options.onLine?.(name, line)),
      onCrash: (code) => options.onCrash?.(name, code),
    })
  })
  const migrated = await openDatabase({
    databaseUrl: options.databaseUrl,
    poolSize: 2,
    dataDir: null,
    migrate: true,
  })
  await migrated.close()
  const [first, ...others] = servers
  try {
    await first?.start()
    await Promise.all(others.map((server) => server.start()))
  } catch (error) {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')))
    throw error
  }
  const balancer = await startLoadBalancer({
    targets: servers.map((server) => server.url),
    port: options.port,
  })
  return {
    url: balancer.url,
    servers,
    balancer,
    async stop() {
      await balancer.close()
      await Promise.all(servers.map((server) => server.kill('SIGTERM')))
    },
  }
}
