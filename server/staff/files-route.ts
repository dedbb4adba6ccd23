import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { findStaffSession } from '../auth/staff-sessions'
import type { AppDeps } from '../deps'
import { openStaffFile, staffFilesPath } from '../domain/staff-files'
import { notFromTheConsole, staffCookieName, staffSessionEnded } from './dispatcher'
import { actorOf } from './handler'

/**
 * `GET /wp-admin/files/:id` (docs/decisions/072): a stored upload (a KYC document, a proof of
 * payment) for the console's viewer, under the staff cookie's path. Only a signed-in member of
 * staff whose role may see that kind of file gets it, and each load is audited as a read.
 *
 * A GET from an <img> or <iframe> carries no Origin, so the CSRF rule is the cookie's
 * SameSite=Strict plus Sec-Fetch-Site: when a browser sends it, it must be same-origin; an
 * Origin, when sent, must be the portal's own.
 */
export const staffFilesRoute = `${staffFilesPath}/:id`

/**
 * Every file is shown sandboxed, with nothing to run and nothing to load, in a frame of the
 * console's own pages only. A PDF too: Chromium (156) starts its viewer under this response
 * policy, though not in a frame with the `sandbox` attribute, so the console frames files
 * without that attribute and the policy here is the sandbox.
 */
const filePolicy =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"

const refusal = (c: Context, status: 400 | 401 | 403 | 404, message: string) => {
  c.header('Cache-Control', 'no-store')
  return c.json({ error: true, message }, status)
}

export function createStaffFilesHandler(deps: AppDeps) {
  const allowedOrigin = new URL(deps.publicUrl).origin
  return async (c: Context) => {
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && origin !== allowedOrigin)
    )
      return refusal(c, 403, notFromTheConsole)
    const id = c.req.param('id') ?? ''
    if (!/^\d{1,9}$/.test(id)) return refusal(c, 404, 'There is no such file.')
    const token = getCookie(c, staffCookieName)
    const session = token ? await findStaffSession(deps.db, token, ['full'], deps.now()) : null
    if (!session) return refusal(c, 401, staffSessionEnded)
    const opened = await openStaffFile(deps, actorOf(session), Number(id))
    if (!opened.ok) return refusal(c, opened.status ?? 403, opened.message)
    const { file } = opened
    c.header('Content-Type', file.contentType)
    c.header('Content-Length', String(file.bytes.byteLength))
    c.header('Content-Disposition', `inline; filename="${file.fileName}"`)
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    c.header('Content-Security-Policy', filePolicy)
    return c.body(file.bytes as Uint8Array<ArrayBuffer>)
  }
}
