import type { Database } from './db/database'
import type { UploadStore } from './storage/uploads'

/** What the app needs from the outside world; tests pass their own (a test clock, a test db). */
export interface AppDeps {
  db: Database
  uploads: UploadStore
  /** Called after a request queued e-mail, so delivery starts at once. */
  mailQueued: () => void
  now: () => Date
  log: (line: string) => void
  /** Directory of the built SPA (index.html and assets). */
  webRoot: string
  /** The address customers use, for links in e-mails. */
  publicUrl: string
  /** Idle limit of signed-in sessions (SESSION_IDLE_MINUTES); 5 minutes when absent. */
  sessionIdleMs?: number
}
