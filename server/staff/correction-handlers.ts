import { parseAmount } from '#api/money'
import { freezeAccountAs, proposeUnfreeze } from '../domain/account-freezes'
import { proposeCorrection } from '../domain/corrections'
import { changeAnswer, idOf } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** Corrections and freezes (corrections.ts in the staff contract, docs/decisions/079). */

export const correctionHandlers = {
  async correctionpropose({ input, deps, session }) {
    const proposed = await proposeCorrection(deps, actorOf(requireStaffSession(session)), {
      customerId: idOf(input.customer_id),
      direction: input.direction,
      amount: parseAmount(input.amount) ?? 0,
      reference: input.reference,
      reason: input.reason,
      note: input.note,
    })
    return changeAnswer(proposed, ({ message }) => message)
  },

  async customerfreeze({ input, deps, session }) {
    const frozen = await freezeAccountAs(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
      input.reason,
    )
    return changeAnswer(frozen, ({ message }) => message)
  },

  async customerunfreeze({ input, deps, session }) {
    const proposed = await proposeUnfreeze(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
      { reason: input.reason, note: input.note },
    )
    return changeAnswer(proposed, ({ message }) => message)
  },
} satisfies Partial<StaffHandlers>
