import { Gauge } from 'prom-client'
import type { Queryable } from '../db/database'
import { outboxBacklog } from '../domain/mail-outbox'
import { countOpenQueues, queueNames } from '../domain/queues'
import { lastReconciliation } from '../domain/reconciliation'
import { databaseErrorsTotal, registry } from './registry'

/** The database's connections as its pool reports them (PostgreSQL; none on the embedded one). */
export interface ConnectionCounts {
  open: number
  idle: number
  waiting: number
}

interface Watched {
  db: Queryable
  connections?: () => ConnectionCounts
  now: () => Date
}

/** Read at most this often: scrapes every second from several collectors cost one read. */
const freshForMs = 5_000
/** A scrape waits no longer than this for the database; the last figures stand meanwhile. */
const readWithinMs = 1_000

let watched: Watched | null = null
let snapshot: {
  at: number
  outbox: Awaited<ReturnType<typeof outboxBacklog>>
  queues: Awaited<ReturnType<typeof countOpenQueues>>
  reconciliation: Awaited<ReturnType<typeof lastReconciliation>>
} | null = null
let reading: Promise<void> | null = null

async function read(source: Watched) {
  const [outbox, queues, reconciliation] = await Promise.all([
    outboxBacklog(source.db),
    countOpenQueues(source.db, queueNames, source.now()),
    lastReconciliation(source.db),
  ])
  snapshot = { at: Date.now(), outbox, queues, reconciliation }
}

/** The figures, read again when stale; a slow or failed read leaves the last ones. */
async function fresh() {
  const source = watched
  if (!source || (snapshot && Date.now() - snapshot.at < freshForMs)) return snapshot
  reading ??= read(source)
    .catch(() => databaseErrorsTotal.inc())
    .finally(() => {
      reading = null
    })
  await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, readWithinMs))])
  return snapshot
}

const secondsSince = (date: Date | null, now: Date) =>
  date ? Math.max(0, (now.getTime() - date.getTime()) / 1000) : 0

new Gauge({
  name: 'portal_mail_outbox',
  help: 'E-mail in the outbox by state: queued (not yet sent), retrying (queued, failed before), failed (given up).',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const figures = await fresh()
    if (!figures) return
    for (const state of ['queued', 'retrying', 'failed'] as const)
      this.set({ state }, figures.outbox[state])
  },
})

new Gauge({
  name: 'portal_mail_oldest_queued_seconds',
  help: 'Age of the oldest e-mail not yet sent (0 when none waits).',
  registers: [registry],
  async collect() {
    const figures = await fresh()
    if (figures) this.set(secondsSince(figures.outbox.oldestQueuedAt, new Date()))
  },
})

new Gauge({
  name: 'portal_queue_items',
  help: "Items waiting in each of the staff's queues.",
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const figures = await fresh()
    for (const queue of figures?.queues ?? []) this.set({ queue: queue.queue }, queue.count)
  },
})

new Gauge({
  name: 'portal_queue_oldest_seconds',
  help: "Age of the oldest item waiting in each of the staff's queues (0 when empty).",
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const figures = await fresh()
    const now = new Date()
    for (const queue of figures?.queues ?? [])
      this.set(
        { queue: queue.queue },
        secondsSince(queue.oldest_at ? new Date(queue.oldest_at) : null, now),
      )
  },
})

new Gauge({
  name: 'portal_books_difference_minor_units',
  help: 'The difference the last reconciliation of the books found, in minor units (0: they balance); absent before the first.',
  registers: [registry],
  async collect() {
    this.reset()
    const figures = await fresh()
    if (figures?.reconciliation) this.set(Number(figures.reconciliation.difference))
  },
})

new Gauge({
  name: 'portal_books_checked_seconds_ago',
  help: 'Seconds since the last reconciliation of the books.',
  registers: [registry],
  async collect() {
    this.reset()
    const figures = await fresh()
    if (figures?.reconciliation)
      this.set(secondsSince(new Date(figures.reconciliation.checkedAt), new Date()))
  },
})

new Gauge({
  name: 'portal_database_connections',
  help: "This server's database connections: in use, idle, and requests waiting for one.",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const counts = watched?.connections?.()
    if (!counts) return
    this.set({ state: 'in_use' }, counts.open - counts.idle)
    this.set({ state: 'idle' }, counts.idle)
    this.set({ state: 'waiting' }, counts.waiting)
  },
})

/** From now on the gauges describe this server's database; `stop` ends it. */
export function watchBank(source: Watched) {
  watched = source
  snapshot = null
  return {
    stop() {
      if (watched === source) watched = null
    },
  }
}
