import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono, MiddlewareHandler } from 'hono'

/**
 * The built web app under the base path. Files are answered in the best encoding the browser
 * accepts among the build's precompressed copies (.br, .gz; scripts/build/precompress.ts).
 * - /assets/: content-hashed names, cached for a year and never revalidated; source maps are
 *   not served.
 * - pages: the HTML prerendered at build time for the address when there is one
 *   (scripts/build/prerender.ts), else the app's index.html; both revalidated on every visit
 *   (no-cache), so a deploy is seen at once.
 */

export const immutableAsset = 'public, max-age=31536000, immutable'
const prerenderedDir = 'prerendered'
/** Addresses that may name a prerendered page: plain path segments only. */
const pageAddress = /^[a-z0-9/_-]*$/i

/** Runs a serveStatic middleware and adds `headers` to the file it answers with. */
function withHeaders(
  serve: MiddlewareHandler,
  headers: (found: Response) => Record<string, string>,
): MiddlewareHandler {
  return async (c, next) => {
    const found = await serve(c, next)
    if (!(found instanceof Response)) return
    const merged = new Headers(found.headers)
    for (const [name, value] of Object.entries(headers(found))) merged.set(name, value)
    return new Response(found.body, { status: found.status, headers: merged })
  }
}

const pageHeaders = () => ({ 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' })

export function serveWebApp(app: Hono, basePath: string, webRoot: string) {
  const root = path.relative(process.cwd(), webRoot)
  const belowBase = (requestPath: string) => requestPath.slice(basePath.length)
  const sendPage = (file: string) =>
    withHeaders(serveStatic({ path: file, precompressed: true }), pageHeaders)

  app.use(`${basePath}/assets/*`, async (c, next) => {
    if (c.req.path.endsWith('.map')) return c.text('Not found', 404)
    return next()
  })
  app.use(
    `${basePath}/assets/*`,
    withHeaders(serveStatic({ root, rewriteRequestPath: belowBase, precompressed: true }), () => ({
      'Cache-Control': immutableAsset,
      Vary: 'Accept-Encoding',
    })),
  )
  app.get(`${basePath}/assets/*`, (c) => c.text('Not found', 404))
  // A prerendered form sent before the app took over: nothing is read; the page again.
  app.post(`${basePath}/*`, (c) => c.redirect(c.req.path, 303))

  app.use(`${basePath}/*`, (c, next) => {
    const address = belowBase(c.req.path).replace(/^\/+|\/+$/g, '')
    if (!pageAddress.test(address)) return next()
    const file = path.join(webRoot, prerenderedDir, address, 'index.html')
    return existsSync(file) ? sendPage(file)(c, next) : next()
  })
  const otherFile = withHeaders(
    serveStatic({ root, rewriteRequestPath: belowBase, precompressed: true }),
    (found) =>
      found.headers.get('content-type')?.startsWith('text/html')
        ? pageHeaders()
        : { Vary: 'Accept-Encoding' },
  )
  // Files in the build's dot folders (.vite: build records) are not the app's to serve.
  app.use(`${basePath}/*`, (c, next) => (/\/\./.test(c.req.path) ? next() : otherFile(c, next)))
  // Every other address under the base path is a route of the SPA: answer with the app.
  app.use(`${basePath}/*`, async (c, next) => {
    const shell = path.join(webRoot, 'index.html')
    if (!existsSync(shell))
      return c.text(
        'The web app is not built yet: run `npm run build` (npm start does it for you).',
        503,
      )
    return sendPage(shell)(c, next)
  })
}

/** The staff console's page in the build (vite.config.ts: its second HTML entry). */
export const consolePageFile = 'console.html'

/**
 * The staff console's addresses, /wp-admin and everything under it but its API, files and exports,
 * answer with the console's page (docs/decisions/074); its scripts and styles are the build's
 * assets under the portal's base path. The security headers are every answer's (app.ts).
 */
export function serveConsolePage(app: Hono, consolePath: string, webRoot: string) {
  const page = path.join(webRoot, consolePageFile)
  const notThePage = new RegExp(`^${consolePath}/(api|files|exports)(/|$)`)
  const sendPage: MiddlewareHandler = async (c, next) => {
    if (notThePage.test(c.req.path)) return next()
    if (!existsSync(page))
      return c.text(
        'The web app is not built yet: run `npm run build` (npm start does it for you).',
        503,
      )
    return withHeaders(serveStatic({ path: page, precompressed: true }), pageHeaders)(c, next)
  }
  app.get(consolePath, sendPage)
  app.get(`${consolePath}/*`, sendPage)
}
