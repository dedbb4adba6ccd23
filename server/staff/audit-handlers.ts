import { listAuditEntries } from '../domain/audit-entries'
import { readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The audit log's call (audit.ts in the staff contract, docs/decisions/075 and 101). */

export const auditHandlers = {
  async auditlist({ input, deps, session }) {
    return readAnswer(await listAuditEntries(deps, actorOf(requireStaffSession(session)), input))
  },
} satisfies Partial<StaffHandlers>
