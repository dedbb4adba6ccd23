import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import * as v from 'valibot'
import { refusalSentences } from '#api/contract/labels'
import { auditFilter, staffCalls } from '#api/contract/staff'
import { findStaffSession } from '../auth/staff-sessions'
import type { AppDeps } from '../deps'
import { exportAuditEntries } from '../domain/audit-entries'
import { auditCsv } from '../exports/audit-csv'
import { fileResponse, pulledStream } from '../statements/file-response'
import { notFromTheConsole, staffCookieName, staffSessionEnded } from './dispatcher'
import { actorOf } from './handler'

/**
 * `GET /wp-admin/exports/audit.csv?person=&action=&customer=&from=&to=` (docs/decisions/075):
 * the audit log filtered as the console's list, whole, newest first, streamed as it is read.
 * A link in the console downloads it with the staff cookie (Path=/wp-admin, SameSite=Strict),
 * as the files route serves files: a signed-in auditor or admin gets it, and the download is
 * written to the log as a read. A browser's Sec-Fetch-Site, when sent, must be same-origin, and
 * an Origin, when sent, the portal's own.
 */
export const auditExportRoute = '/wp-admin/exports/audit.csv'

const filterSchema = v.object(auditFilter)

const refusal = (c: Context, status: 400 | 401 | 403, message: string) => {
  c.header('Cache-Control', 'no-store')
  return c.json({ error: true, message }, status)
}

export function createAuditExportHandler(deps: AppDeps) {
  const allowedOrigin = new URL(deps.publicUrl).origin
  return async (c: Context) => {
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && origin !== allowedOrigin)
    )
      return refusal(c, 403, notFromTheConsole)
    const token = getCookie(c, staffCookieName)
    const session = token ? await findStaffSession(deps.db, token, ['full'], deps.now()) : null
    if (!session) return refusal(c, 401, staffSessionEnded)
    const parsed = v.safeParse(filterSchema, c.req.query())
    if (!parsed.success)
      return refusal(c, 400, refusalSentences(staffCalls.auditlist, parsed.issues))
    const exported = await exportAuditEntries(deps, actorOf(session), parsed.output)
    if (!exported.ok) return refusal(c, 403, exported.message)
    const day = deps.now().toISOString().slice(0, 10)
    return fileResponse(
      pulledStream(auditCsv(exported.batches)),
      'text/csv',
      `audit-log-${day}.csv`,
    )
  }
}
