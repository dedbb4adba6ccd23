import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { findStaffSession } from '../auth/staff-sessions'
import type { AppDeps } from '../deps'
import type { StaffActor } from '../domain/staff'
import { notFromTheConsole, staffCookieName, staffSessionEnded } from './dispatcher'
import { actorOf } from './handler'

/**
 * The checks of a GET the console opens with the staff cookie (Path=/wp-admin, SameSite=Strict)
 * rather than through its API: a file in the viewer, the audit log's CSV. A GET from a link, an
 * <img> or an <iframe> carries no Origin, so a browser's Sec-Fetch-Site, when sent, must be
 * same-origin, and an Origin, when sent, the portal's own. The role check stays the domain
 * function's, which is given the person.
 */
export function createStaffDownloadGate(deps: AppDeps) {
  const allowedOrigin = new URL(deps.publicUrl).origin
  return {
    /** The 403 for a request from another site, or undefined for one from the console. */
    refuseOtherSites(c: Context): Response | undefined {
      const site = c.req.header('sec-fetch-site')
      const origin = c.req.header('origin')
      if (
        (site !== undefined && site !== 'same-origin') ||
        (origin !== undefined && origin !== allowedOrigin)
      )
        return downloadRefusal(c, 403, notFromTheConsole)
      return undefined
    },
    /** The person whose full session the cookie names, or the 401 that it has ended. */
    async signedIn(
      c: Context,
    ): Promise<{ ok: true; actor: StaffActor } | { ok: false; refusal: Response }> {
      const token = getCookie(c, staffCookieName)
      const session = token ? await findStaffSession(deps.db, token, ['full'], deps.now()) : null
      if (!session) return { ok: false, refusal: downloadRefusal(c, 401, staffSessionEnded) }
      return { ok: true, actor: actorOf(session) }
    },
  }
}

export function downloadRefusal(c: Context, status: 400 | 401 | 403 | 404, message: string) {
  c.header('Cache-Control', 'no-store')
  return c.json({ error: true, message }, status)
}
