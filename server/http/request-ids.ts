import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../auth/client-address'
import type { Logger } from '../logging/logger'
import { serveWithin } from '../logging/request-context'
import { trustedPeerCheck } from './trusted-peer'

/** An id a proxy may hand on: short, and only characters that cannot forge a log line. */
const wellFormedId = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Gives every request an id (the trusted proxy's `X-Request-Id` when well formed, else a new
 * UUID), returns it on the answer, puts it on every log line written while serving it, and
 * writes one access line when the answer is ready: method, the call's readable name (or the
 * route), status, duration. Never the query, a body, a token or any customer's data.
 */
export function requestIds(options: { trustProxy: TrustProxy; logger: Logger }): MiddlewareHandler {
  const fromTrustedProxy = trustedPeerCheck(options.trustProxy)
  return async (c, next) => {
    const started = performance.now()
    const offered = c.req.header('x-request-id')
    const fromProxy = offered !== undefined && wellFormedId.test(offered) && fromTrustedProxy(c)
    const context = { requestId: fromProxy ? offered : randomUUID(), call: undefined }
    await serveWithin(context, async () => {
      await next()
      c.res.headers.set('X-Request-Id', context.requestId)
      options.logger.info(
        {
          method: c.req.method,
          call: context.call ?? c.req.routePath,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
    })
  }
}
