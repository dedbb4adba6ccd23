import { parseAmount } from '#api/money'
import { decideRequestAs, listRequests, openRequestCase } from '../domain/request-cases'
import { decideTransferAs, listTransfers } from '../domain/transfer-cases'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The funding requests' and transfers' calls (requests.ts, transfers.ts in the staff contract). */

/** What the bank actually received, when a confirmation gives it (with its reason). */
const receivedOf = (fields: { corrected_amount?: string; correction_reason?: string }) =>
  fields.corrected_amount === undefined || fields.correction_reason === undefined
    ? undefined
    : { amount: parseAmount(fields.corrected_amount) ?? 0, reason: fields.correction_reason }

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
        ? { confirm: true, note: input.note, received: receivedOf(input) }
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
