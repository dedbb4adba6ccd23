import { listApprovals, openApprovalCase } from '../domain/approval-cases'
import { decideApproval } from '../domain/approval-decisions'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The four-eyes inbox's calls (approvals.ts in the staff contract, docs/decisions/073). */

export const approvalHandlers = {
  async approvallist({ input, deps, session }) {
    return readAnswer(await listApprovals(deps, actorOf(requireStaffSession(session)), input))
  },

  async approvalcase({ input, deps, session }) {
    return readAnswer(
      await openApprovalCase(deps, actorOf(requireStaffSession(session)), idOf(input.id)),
    )
  },

  async approvaldecide({ input, deps, session }) {
    const decided = await decideApproval(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.id),
      input.decision === 'approve' ? { approve: true } : { approve: false, reason: input.reason },
    )
    // A settled transfer's e-mail waits in the outbox: wake its worker.
    if (decided.ok) deps.mailQueued()
    return changeAnswer(decided, ({ message }) => message)
  },
} satisfies Partial<StaffHandlers>
