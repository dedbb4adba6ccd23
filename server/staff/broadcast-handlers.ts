import { broadcastPage, proposeBroadcast } from '../domain/broadcasts'
import { changeAnswer, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** Broadcasts under four eyes (broadcasts.ts in the staff contract, docs/decisions/077). */

export const broadcastHandlers = {
  async broadcastpage({ deps, session }) {
    return readAnswer(await broadcastPage(deps, actorOf(requireStaffSession(session))))
  },

  async broadcastpropose({ input, deps, session }) {
    const proposed = await proposeBroadcast(deps, actorOf(requireStaffSession(session)), {
      title: input.title,
      body: input.body,
      plan: input.plan ?? null,
      note: input.note,
    })
    return changeAnswer(proposed, ({ message }) => message)
  },
} satisfies Partial<StaffHandlers>
