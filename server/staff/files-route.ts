import type { Context } from 'hono'
import type { AppDeps } from '../deps'
import { openStaffFile, staffFilesPath } from '../domain/staff-files'
import { createStaffDownloadGate, downloadRefusal } from './download-gate'

/**
 * `GET /wp-admin/files/:id` (docs/decisions/072): a stored upload (a KYC document, a proof of
 * payment) for the console's viewer, under the staff cookie's path. Only a signed-in member of
 * staff whose role may see that kind of file gets it, and each load is audited as a read.
 * The CSRF rule is the download gate's (./download-gate.ts): SameSite=Strict plus Sec-Fetch-Site.
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

export function createStaffFilesHandler(deps: AppDeps) {
  const gate = createStaffDownloadGate(deps)
  return async (c: Context) => {
    const otherSite = gate.refuseOtherSites(c)
    if (otherSite) return otherSite
    const id = c.req.param('id') ?? ''
    if (!/^\d{1,9}$/.test(id)) return downloadRefusal(c, 404, 'There is no such file.')
    const signedIn = await gate.signedIn(c)
    if (!signedIn.ok) return signedIn.refusal
    const opened = await openStaffFile(deps, signedIn.actor, Number(id))
    if (!opened.ok) return downloadRefusal(c, opened.status ?? 403, opened.message)
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
