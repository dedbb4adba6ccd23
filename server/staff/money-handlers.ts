import { decideRequestAs, listRequests, openRequestCase } from '../domain/request-cases'
import { decideTransferAs, listTransfers } from '../domain/transfer-cases'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The funding requests' and transfers' calls (requests.ts, transfers.ts in the staff contract). */

export const moneyHandlers = {
  async requestlist({ input, deps, session }) {
    return readAnswer(await listRequests(deps.db, actorOf(requireStaffSession(session)), input))
  },

  async requestcase({ input, deps, session }) {
    return readAnswer(
      await openRequestCase(deps, actorOf(requireStaffSession(session)), idOf(input.id)),
    )
  },

  async requestdecide({ input, deps, session }) {
    const decided = await decideRequestAs(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.id),
      input.decision === 'confirm'
        ? { confirm: true, note: input.note }
        : { confirm: false, reason: input.reason },
    )
    return changeAnswer(decided, ({ message }) => message)
  },

  async transferlist({ input, deps, session }) {
    return readAnswer(await listTransfers(deps.db, actorOf(requireStaffSession(session)), input))
  },

  async transferdecide({ input, deps, session }) {
    const decided = await decideTransferAs(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.id),
      input.decision === 'settle'
        ? { settle: true, note: input.note }
        : { settle: false, reason: input.reason },
    )
    if (decided.ok) deps.mailQueued()
    return changeAnswer(decided, ({ message }) => message)
  },
} satisfies Partial<StaffHandlers>
