import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { handlers } from './actions'
import { storedFiles } from './db/schema'
import type { AppDeps } from './deps'
import { createDispatcher } from './rpc/dispatcher'
import { ProtocolError } from './rpc/protocol-error'
import { serveWebApp } from './web-app'

export const basePath = '/wp-user'
/** Three 5 MB files plus the form fields fit; anything larger is refused before it is read. */
export const maxBodyBytes = 16 * 1024 * 1024

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix's scroll lock injects a <style> element at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/** The whole server as a Hono app: the SPA under /wp-user, the API, profile pictures. */
export function createApp(deps: AppDeps) {
  const app = new Hono()
  app.use(secureHeaders({ contentSecurityPolicy, referrerPolicy: 'same-origin' }))

  app.onError((error, c) => {
    if (error instanceof ProtocolError)
      return c.json({ error: true, message: error.message }, error.status)
    deps.log(
      `error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    )
    return c.json(
      { error: true, message: 'Something went wrong on our side. Please try again.' },
      500,
    )
  })

  app.post(
    '/api/users',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new ProtocolError(
          400,
          `The request body is too large (at most ${maxBodyBytes / 1024 / 1024} MB).`,
        )
      },
    }),
    createDispatcher(deps, handlers),
  )
  app.all('/api/users', (c) => c.json({ error: true, message: 'Use POST for /api/users.' }, 405))
  app.all('/api/*', (c) =>
    c.json({ error: true, message: 'Not found. The API is POST /api/users.' }, 404),
  )

  app.get('/uploads/pictures/:name', async (c) => {
    const name = c.req.param('name')
    const [file] = await deps.db
      .select({ mimeType: storedFiles.mimeType })
      .from(storedFiles)
      .where(and(eq(storedFiles.storedName, name), eq(storedFiles.purpose, 'profile_picture')))
    if (!file) return c.body('Not found', 404)
    const bytes = await deps.uploads.read(name)
    c.header('Content-Type', file.mimeType)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Content-Security-Policy', "default-src 'none'")
    c.header('Cache-Control', 'private, max-age=86400')
    return c.body(bytes as Uint8Array<ArrayBuffer>)
  })

  app.get('/', (c) => c.redirect(`${basePath}/`))
  app.get(basePath, (c) => c.redirect(`${basePath}/`))
  serveWebApp(app, basePath, deps.webRoot)
  return app
}
