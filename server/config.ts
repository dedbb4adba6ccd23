import path from 'node:path'
import * as v from 'valibot'
import { networkList, type TrustProxy } from './auth/client-address'
import { isKeyText, type KeyRing, KeyRingError, parseKeyRing } from './keys/key-ring'
import { type LogLevel, logLevels } from './logging/logger'
import { readSecretFiles } from './secret-files'

/**
 * Settings, read from the environment once at start and checked. Nothing else reads
 * process.env: the rest of the server receives a `Config`. Secret settings may come from files
 * instead (X_FILE, secret-files.ts).
 */
const portNumber = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.minValue(1, 'must be between 1 and 65535'),
  v.maxValue(65535, 'must be between 1 and 65535'),
)

const url = (protocols: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.check(
        (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
        `must start with ${protocols.join(' or ')}//`,
      ),
    ),
  )

/** A whole number of `unit` from `min` to `max`, with one message for anything else. */
const wholeNumber = (min: number, max: number, unit: string) => {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`
  return v.pipe(
    v.string(),
    v.regex(new RegExp(`^\\d{1,${String(max).length}}$`), message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
}

const trueOrFalse = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false'], 'must be true or false'), fallback),
    v.transform((value) => value === 'true'),
  )

const environmentSchema = v.object({
  PORT: v.optional(portNumber, '8080'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  /**
   * Seconds a stopping server keeps serving after /readyz turned 503, so balancers take it out
   * first; unset: 5 with DATABASE_URL (servers behind a balancer), 0 on the embedded database.
   */
  DRAIN_SECONDS: v.optional(wholeNumber(0, 300, 'seconds')),
  /** Prometheus metrics on a listener of their own (GET /metrics); unset: no metrics listener. */
  METRICS_PORT: v.optional(portNumber),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /** The least severe log lines written (pino's levels). */
  LOG_LEVEL: v.optional(v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`), 'info'),
  /** `json`: start-up lines and the banner as JSON lines too, so all of stdout is JSON. */
  LOG_FORMAT: v.optional(v.picklist(['text', 'json'], 'must be text or json'), 'text'),
  /** Connections this server opens to PostgreSQL; unset: see `defaultPoolSize`. */
  DATABASE_POOL_SIZE: v.optional(wholeNumber(2, 100, 'connections')),
  /** Whether the server's hot statements are prepared by name (off behind PgBouncer < 1.21). */
  DATABASE_PREPARED_STATEMENTS: trueOrFalse('true'),
  /** Whether the server applies missing migrations at start; unset: only on the embedded database. */
  MIGRATE_AT_START: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.nonEmpty()),
    'Meridian Bank <no-reply@meridian.example>',
  ),
  /** The address customers use, for links in e-mails; defaults to http://HOST:PORT. */
  PUBLIC_URL: url(['http:', 'https:']),
  /** AES-256 key (32 bytes, base64) sealing queued e-mail bodies; unset: DATA_DIR/mail.key. */
  MAIL_KEY: v.optional(
    v.pipe(v.string(), v.check(isKeyText, 'must be 32 bytes in base64 (openssl rand -base64 32)')),
  ),
  /** The key ring, `id:base64,id:base64` newest first (keys/key-ring.ts); instead of MAIL_KEY. */
  MAIL_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return parseKeyRing(dataset.value)
        } catch (error) {
          if (!(error instanceof KeyRingError)) throw error
          addIssue({ message: error.message })
          return NEVER
        }
      }),
    ),
  ),
  /** Proxies whose X-Forwarded-For names the client: a hop count or addresses/CIDR networks. */
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), '0'),
    v.transform((value): TrustProxy | null => {
      if (/^\d{1,2}$/.test(value)) return { hops: Number(value) }
      const networks = value.split(',').map((entry) => entry.trim())
      try {
        networkList(networks)
        return { networks }
      } catch {
        return null
      }
    }),
    v.check(
      (value) => value !== null,
      'must be a hop count or a list of addresses and CIDR networks',
    ),
  ),
  /** Minutes without activity after which a signed-in session ends (PSD2 asks for 5 at most). */
  SESSION_IDLE_MINUTES: v.optional(wholeNumber(1, 720, 'minutes'), '5'),
  /** The same with Remember me ticked (docs/decisions/080); never shorter than the above. */
  SESSION_REMEMBERED_IDLE_MINUTES: v.optional(wholeNumber(1, 720, 'minutes'), '30'),
  /** The operator channel's socket; each of several servers sharing a DATA_DIR needs its own. */
  OPS_SOCKET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  /** `test`: the test suite's cheap argon2id cost (auth/secrets.ts); refused outside vitest. */
  PORTAL_HASHING_COST: v.optional(v.picklist(['production', 'test'], 'must be production or test')),
  /**
   * Whether an empty database gets the demo customers; unset: only the embedded database does,
   * never one named by DATABASE_URL (docs/decisions/106).
   */
  SEED_DEMO: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** Connections to PostgreSQL (DATABASE_POOL_SIZE); unset: the database's default. */
  databasePoolSize: number | undefined
  /** Named prepared statements on PostgreSQL (DATABASE_PREPARED_STATEMENTS, docs/decisions/109). */
  databasePreparedStatements: boolean
  /**
   * Apply missing migrations at start (MIGRATE_AT_START); else refuse a database behind the
   * schema. Unset: on for the embedded database only (docs/decisions/108).
   */
  migrateAtStart: boolean
  smtpUrl: string | undefined
  mailFrom: string
  mailKey: string | undefined
  /** MAIL_KEYS, parsed; when set, MAIL_KEY is not. */
  mailKeys: KeyRing | undefined
  trustProxy: TrustProxy
  publicUrl: string
  seedDemo: boolean
  /** Idle limit of a signed-in session, in milliseconds. */
  sessionIdleMs: number
  /** Idle limit of a session signed in with Remember me, in milliseconds (at least the above). */
  sessionRememberedIdleMs: number
  /** The operator channel's Unix socket (OPS_SOCKET, else DATA_DIR/ops.sock). */
  opsSocket: string
  /** How long a stopping server keeps serving with /readyz at 503 (DRAIN_SECONDS), in ms. */
  drainMs: number
  logLevel: LogLevel
  /** Where Prometheus scrapes (METRICS_HOST, METRICS_PORT); null: no metrics listener. */
  metrics: { host: string; port: number } | null
  /** Start-up lines as text for a terminal, or JSON lines like everything else. */
  logFormat: 'text' | 'json'
}

export class ConfigError extends Error {}

export function parseConfig(
  given: Record<string, string | undefined>,
  readSecretFile?: (file: string) => string,
): Config {
  const { environment, problems, fromFiles } = readSecretFiles(given, readSecretFile)
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== ''),
  )
  const result = v.safeParse(environmentSchema, present)
  // One line per setting: its first problem (a value read from X_FILE is named so).
  for (const issue of result.issues ?? []) {
    const key = v.getDotPath(issue) ?? 'environment'
    const named = fromFiles.has(key) ? `${key} (from ${key}_FILE)` : key
    if (!problems.has(named)) problems.set(named, issue.message)
  }
  if (present.MAIL_KEY && present.MAIL_KEYS)
    problems.set('MAIL_KEYS', 'set MAIL_KEYS or MAIL_KEY, not both (MAIL_KEYS holds every key)')
  if (!result.success || problems.size > 0) {
    const lines = [...problems].map(([key, message]) => `  ${key}: ${message}`)
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`)
  }
  const settings = result.output
  if (settings.PORTAL_HASHING_COST === 'test' && !given.VITEST)
    throw new ConfigError(
      'Invalid settings in the environment:\n  PORTAL_HASHING_COST: test is for the test suite only; a real server hashes at production cost',
    )
  const hostForLinks =
    settings.HOST === '0.0.0.0' || settings.HOST === '::' ? 'localhost' : settings.HOST
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    databasePreparedStatements: settings.DATABASE_PREPARED_STATEMENTS,
    migrateAtStart: settings.MIGRATE_AT_START
      ? settings.MIGRATE_AT_START === 'true'
      : settings.DATABASE_URL === undefined,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    mailKey: settings.MAIL_KEY,
    mailKeys: settings.MAIL_KEYS,
    trustProxy: settings.TRUST_PROXY as TrustProxy,
    seedDemo:
      settings.SEED_DEMO === undefined ? !settings.DATABASE_URL : settings.SEED_DEMO === 'true',
    sessionIdleMs: settings.SESSION_IDLE_MINUTES * 60_000,
    sessionRememberedIdleMs:
      Math.max(settings.SESSION_REMEMBERED_IDLE_MINUTES, settings.SESSION_IDLE_MINUTES) * 60_000,
    opsSocket: path.resolve(settings.OPS_SOCKET ?? path.join(settings.DATA_DIR, 'ops.sock')),
    drainMs: (settings.DRAIN_SECONDS ?? (settings.DATABASE_URL ? 5 : 0)) * 1000,
    logLevel: settings.LOG_LEVEL,
    metrics:
      settings.METRICS_PORT === undefined
        ? null
        : { host: settings.METRICS_HOST, port: settings.METRICS_PORT },
    logFormat: settings.LOG_FORMAT,
    publicUrl: (settings.PUBLIC_URL ?? `http://${hostForLinks}:${settings.PORT}`).replace(
      /\/$/,
      '',
    ),
  }
}
