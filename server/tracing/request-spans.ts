import type { MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../auth/client-address'
import { trustedPeerCheck } from '../http/trusted-peer'
import { currentRequest } from '../logging/request-context'
import type { Tracing } from './switch'

/**
 * One server span per request, named by its call (`nameCall`), or its method and route when it
 * makes none, with the request's id. Its W3C trace context counts only from the trusted proxy
 * (TRUST_PROXY): from anyone else, and when malformed, the request begins a new trace. Runs
 * after requestIds, whose request context it reads.
 */
export function requestSpans(tracing: Tracing, trustProxy: TrustProxy): MiddlewareHandler {
  const fromTrustedProxy = trustedPeerCheck(trustProxy)
  return async (c, next) => {
    const trusted = fromTrustedProxy(c)
    const request = currentRequest()
    await tracing.serveRequest(
      {
        method: c.req.method,
        requestId: request?.requestId ?? '',
        traceparent: trusted ? c.req.header('traceparent') : undefined,
        tracestate: trusted ? c.req.header('tracestate') : undefined,
      },
      next,
      () => ({
        name: currentRequest()?.call ?? `${c.req.method} ${c.req.routePath}`,
        status: c.res.status,
      }),
    )
  }
}
