import type { IncomingMessage } from 'node:http'
import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { wordsIn } from '#api/words'
import { handlers } from './actions'
import { databaseUnavailable } from './db/errors'
import { storedFiles } from './db/schema'
import type { AppDeps } from './deps'
import { addHealthRoutes } from './health/health-routes'
import { createReadiness } from './health/readiness'
import { requestIds } from './http/request-ids'
import { securityHeaders } from './http/security-headers'
import { bodyLimits, limitBodies } from './load/body-limits'
import type { FloodGate } from './load/flood-gate'
import {
  createRequestLimits,
  defaultRequestLimits,
  type RequestLimiter,
} from './load/request-limits'
import { ClientOverLimit, ServerBusy } from './load/server-busy'
import { createLogger } from './logging/logger'
import { callMetrics } from './metrics/call-metrics'
import { databaseErrorsTotal } from './metrics/registry'
import { requestLanguage } from './rpc/answer-words'
import { createDispatcher } from './rpc/dispatcher'
import { ProtocolError } from './rpc/protocol-error'
import { auditExportRoute, createAuditExportHandler } from './staff/audit-export-route'
import { createStaffDispatcher, staffApiPath, staffCookiePath } from './staff/dispatcher'
import { createStaffFilesHandler, staffFilesRoute } from './staff/files-route'
import { staffHandlers } from './staff/handlers'
import { requestSpans } from './tracing/request-spans'
import { activeTracing } from './tracing/switch'
import { serveConsolePage, serveWebApp } from './web-app'

export const basePath = '/wp-user'
/** The largest body the API reads (a multipart upload); see load/body-limits.ts. */
export const maxBodyBytes = bodyLimits.multipartBytes

/** A call the database could not serve (a restart, a cut connection): answered 503, try again. */
const databaseUnavailableMessage =
  'Our service is briefly unavailable. Please try again in a moment.'

/**
 * The whole server as a Hono app: the SPA under /wp-user, the API, profile pictures. `limits`
 * (the limits on calls without a session) is this app's own unless given; `floodGate` is the
 * one in front of it, which holds back its refusals of clients over their limits.
 */
export function createApp(
  deps: AppDeps,
  options: { limits?: RequestLimiter; floodGate?: FloodGate } = {},
) {
  const limits =
    options.limits ??
    createRequestLimits(deps.db, deps.requestLimits ?? defaultRequestLimits, deps.now)
  const app = new Hono()
  const logger = deps.logger ?? createLogger(deps.log)
  const trustProxy = deps.trustProxy ?? { hops: 0 }
  app.use(requestIds({ trustProxy, logger }))
  // Only when traces are on (OTEL_EXPORTER_OTLP_ENDPOINT): otherwise no span code runs at all.
  const tracing = activeTracing()
  if (tracing) app.use(requestSpans(tracing, trustProxy))
  app.use(callMetrics())
  app.use(securityHeaders({ publicUrl: deps.publicUrl }))
  addHealthRoutes(app, deps.readiness ?? createReadiness({ db: deps.db }))

  // A customer's call is refused in its language; the staff console's stay English (091).
  const refusal = (c: Context, message: string) =>
    c.req.path === '/api/users' ? wordsIn(requestLanguage(c), message) : message
  app.onError(async (error, c) => {
    if (error instanceof ProtocolError)
      return c.json({ error: true, message: refusal(c, error.message) }, error.status)
    if (error instanceof ServerBusy) {
      if (error instanceof ClientOverLimit && options.floodGate) {
        const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
        if (!(await options.floodGate.holdRefusal(incoming))) c.header('Connection', 'close')
      }
      c.header('Retry-After', String(error.retryAfterSeconds))
      return c.json({ error: true, message: refusal(c, error.message) }, 429)
    }
    if (databaseUnavailable(error)) {
      databaseErrorsTotal.inc()
      logger.warn({ err: error, method: c.req.method, path: c.req.path }, 'database unavailable')
      c.header('Retry-After', '1')
      return c.json({ error: true, message: refusal(c, databaseUnavailableMessage) }, 503)
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json(
      { error: true, message: refusal(c, 'Something went wrong on our side. Please try again.') },
      500,
    )
  })

  app.post('/api/users', limitBodies(), createDispatcher(deps, handlers, limits))
  app.all('/api/users', (c) => c.json({ error: true, message: 'Use POST for /api/users.' }, 405))
  // The staff console's API: its own calls, its own cookie (docs/decisions/068).
  app.post(staffApiPath, limitBodies(), createStaffDispatcher(deps, staffHandlers, limits))
  app.all(staffApiPath, (c) =>
    c.json({ error: true, message: `Use POST for ${staffApiPath}.` }, 405),
  )
  app.get(staffFilesRoute, createStaffFilesHandler(deps))
  app.get(auditExportRoute, createAuditExportHandler(deps))
  app.all('/api/*', (c) =>
    c.json({ error: true, message: 'Not found. The API is POST /api/users.' }, 404),
  )

  app.get('/uploads/pictures/:name', async (c) => {
    const name = c.req.param('name')
    const [file] = await deps.db
      .select({
        id: storedFiles.id,
        storedName: storedFiles.storedName,
        mimeType: storedFiles.mimeType,
      })
      .from(storedFiles)
      .where(and(eq(storedFiles.storedName, name), eq(storedFiles.purpose, 'profile_picture')))
    if (!file) return c.body('Not found', 404)
    const bytes = await deps.uploads.read(deps.db, file)
    c.header('Content-Type', file.mimeType)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Content-Security-Policy', "default-src 'none'")
    c.header('Cache-Control', 'private, max-age=86400')
    return c.body(bytes as Uint8Array<ArrayBuffer>)
  })

  app.get('/', (c) => c.redirect(`${basePath}/`))
  app.get(basePath, (c) => c.redirect(`${basePath}/`))
  serveWebApp(app, basePath, deps.webRoot)
  serveConsolePage(app, staffCookiePath, deps.webRoot)
  return app
}
