import type { TrustProxy } from './auth/client-address'
import type { Database } from './db/database'
import type { ReadinessCheck } from './health/readiness'
import type { RequestLimits } from './load/request-limits'
import type { Logger } from './logging/logger'
import type { UploadStore } from './storage/uploads'

/** What the app needs from the outside world; tests pass their own (a test clock, a test db). */
export interface AppDeps {
  db: Database
  uploads: UploadStore
  /** Called after a request queued e-mail, so delivery starts at once. */
  mailQueued: () => void
  now: () => Date
  log: (line: string) => void
  /** The structured logger; without one, JSON lines go to `log`. */
  logger?: Logger
  /** Directory of the built SPA (index.html and assets). */
  webRoot: string
  /** The address customers use, for links in e-mails. */
  publicUrl: string
  /** Limits on calls without a session; `defaultRequestLimits` when not given. */
  requestLimits?: RequestLimits
  /** Which peers may name the client in X-Forwarded-For (TRUST_PROXY); none when not given. */
  trustProxy?: TrustProxy
  /** Idle limit of signed-in sessions (SESSION_IDLE_MINUTES); 5 minutes when absent. */
  sessionIdleMs?: number
  /**
   * Idle limit of sessions signed in with Remember me (SESSION_REMEMBERED_IDLE_MINUTES);
   * `sessionIdleMs` when absent.
   */
  sessionRememberedIdleMs?: number
  /** What `/readyz` answers; the server's own (which it drains when stopping) when given. */
  readiness?: ReadinessCheck
}
