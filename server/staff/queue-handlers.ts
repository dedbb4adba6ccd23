import { listMail, retryMail } from '../domain/mail-outbox'
import { queueCounts } from '../domain/queues'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The console's home (the queues) and the mail outbox (queues.ts, mail.ts in the staff contract). */

export const queueHandlers = {
  async queues({ deps, session }) {
    return readAnswer(await queueCounts(deps.db, actorOf(requireStaffSession(session)), deps.now()))
  },

  async maillist({ input, deps, session }) {
    return readAnswer(await listMail(deps.db, actorOf(requireStaffSession(session)), input))
  },

  async mailretry({ input, deps, session }) {
    const retried = await retryMail(deps, actorOf(requireStaffSession(session)), idOf(input.id))
    if (retried.ok) deps.mailQueued()
    return changeAnswer(retried, () => `E-mail ${input.id} will be sent again now.`)
  },
} satisfies Partial<StaffHandlers>
