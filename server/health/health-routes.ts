import type { Hono } from 'hono'
import { portalVersion } from '../version'
import type { ReadinessCheck } from './readiness'

/** Words for the operator reading a probe's answer; nothing about hosts or internals. */
const reasons = {
  draining: 'stopping: finishing the requests under way',
  database: 'the database does not answer',
  schema: 'the database schema is older than this release expects: run the migrations',
} as const

/**
 * The probes of a load balancer or an orchestrator: `/healthz` says the process answers (no
 * database call), `/readyz` whether it should get traffic (docs/decisions/111).
 */
export function addHealthRoutes(app: Hono, readiness: ReadinessCheck) {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'alive' })
  })
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    const answer = await readiness.check()
    // The release, so an operator rolling an upgrade sees which servers run which.
    if (answer.ready) return c.json({ status: 'ready', release: portalVersion })
    return c.json(
      { status: 'not ready', reason: reasons[answer.reason], release: portalVersion },
      503,
    )
  })
}
