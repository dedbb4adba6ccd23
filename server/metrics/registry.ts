import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The server's metrics (docs/decisions/113), in one registry served on a listener of its own
 * (`METRICS_PORT`). Labels are call names, job names, queue names and status classes: never
 * anything of a customer's.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'portal_' })

export const callsTotal = new Counter({
  name: 'portal_calls_total',
  help: 'Requests by call (its readable name, or the route) and outcome: ok (2xx, 3xx), refused (4xx), failed (5xx).',
  labelNames: ['call', 'outcome'] as const,
  registers: [registry],
})

export const callSeconds = new Histogram({
  name: 'portal_call_duration_seconds',
  help: 'Time to answer a request, by call.',
  labelNames: ['call'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const responsesTotal = new Counter({
  name: 'portal_http_responses_total',
  help: 'Answers by status class (2xx, 3xx, 4xx, 5xx).',
  labelNames: ['class'] as const,
  registers: [registry],
})

export const refusedByLimitsTotal = new Counter({
  name: 'portal_http_refused_by_limits_total',
  help: 'Requests answered 429: a client or this server over its limits.',
  registers: [registry],
})

export const bodiesTooLargeTotal = new Counter({
  name: 'portal_http_bodies_too_large_total',
  help: 'Requests answered 413: a body over its limit.',
  registers: [registry],
})

export const databaseErrorsTotal = new Counter({
  name: 'portal_database_errors_total',
  help: 'Database connections lost and requests answered 503 because the database was away.',
  registers: [registry],
})

export const jobRunsTotal = new Counter({
  name: 'portal_job_runs_total',
  help: 'Rounds of each periodic job, by outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
})

/** When each job last finished a round without failing, for the gauge below. */
const lastSuccess = new Map<string, number>()

export function recordJobRound(job: string, ok: boolean) {
  jobRunsTotal.inc({ job, outcome: ok ? 'ok' : 'failed' })
  if (ok) lastSuccess.set(job, Date.now())
}

new Gauge({
  name: 'portal_job_seconds_since_success',
  help: 'Seconds since each periodic job last finished a round without failing.',
  labelNames: ['job'] as const,
  registers: [registry],
  collect() {
    this.reset()
    for (const [job, at] of lastSuccess) this.set({ job }, (Date.now() - at) / 1000)
  },
})

export const traceSpansDroppedTotal = new Counter({
  name: 'portal_trace_spans_dropped_total',
  help: 'Trace spans that never reached the OTLP collector: queue_full (the batch queue was full) or export_failed (the collector was away, slow or refused them).',
  labelNames: ['reason'] as const,
  registers: [registry],
})
