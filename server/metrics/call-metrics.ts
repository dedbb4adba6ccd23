import type { MiddlewareHandler } from 'hono'
import { currentRequest } from '../logging/request-context'
import {
  bodiesTooLargeTotal,
  callSeconds,
  callsTotal,
  refusedByLimitsTotal,
  responsesTotal,
} from './registry'

const outcomeOf = (status: number) => (status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'ok')

/** Counts and times each request by its call (named by the dispatcher) or its route. */
export function callMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const call = currentRequest()?.call ?? c.req.routePath
    const { status } = c.res
    callsTotal.inc({ call, outcome: outcomeOf(status) })
    callSeconds.observe({ call }, (performance.now() - started) / 1000)
    responsesTotal.inc({ class: `${Math.floor(status / 100)}xx` })
    if (status === 429) refusedByLimitsTotal.inc()
    if (status === 413) bodiesTooLargeTotal.inc()
  }
}
