import type { Context } from 'hono'
import * as v from 'valibot'
import { refusalSentences } from '#api/contract/labels'
import { auditFilter, staffCalls } from '#api/contract/staff'
import type { AppDeps } from '../deps'
import { exportAuditEntries } from '../domain/audit-entries'
import { auditCsv } from '../exports/audit-csv'
import { fileResponse, pulledStream } from '../statements/file-response'
import { createStaffDownloadGate, downloadRefusal } from './download-gate'

/**
 * `GET /wp-admin/exports/audit.csv?person=&action=&customer=&from=&to=` (docs/decisions/075):
 * the audit log filtered as the console's list, whole, newest first, streamed as it is read.
 * A link in the console downloads it with the staff cookie (Path=/wp-admin, SameSite=Strict),
 * through the same download gate as the files route (./download-gate.ts): a signed-in auditor
 * or admin gets it, and the download is written to the log as a read.
 */
export const auditExportRoute = '/wp-admin/exports/audit.csv'

const filterSchema = v.object(auditFilter)

export function createAuditExportHandler(deps: AppDeps) {
  const gate = createStaffDownloadGate(deps)
  return async (c: Context) => {
    const otherSite = gate.refuseOtherSites(c)
    if (otherSite) return otherSite
    const signedIn = await gate.signedIn(c)
    if (!signedIn.ok) return signedIn.refusal
    const parsed = v.safeParse(filterSchema, c.req.query())
    if (!parsed.success)
      return downloadRefusal(c, 400, refusalSentences(staffCalls.auditlist, parsed.issues))
    const exported = await exportAuditEntries(deps, signedIn.actor, parsed.output)
    if (!exported.ok) return downloadRefusal(c, 403, exported.message)
    const day = deps.now().toISOString().slice(0, 10)
    return fileResponse(
      pulledStream(auditCsv(exported.batches)),
      'text/csv',
      `audit-log-${day}.csv`,
    )
  }
}
