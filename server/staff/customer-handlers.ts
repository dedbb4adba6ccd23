import { customerLedgerPage, openCustomerPage } from '../domain/customer-page'
import { searchCustomers } from '../domain/customer-search'
import {
  changeAccountNotice,
  endCustomerSessions,
  notifyCustomerAs,
  unlockCustomer,
} from '../domain/customer-support'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The customers' calls (src/api/contract/staff/customers.ts). */

export const customerHandlers = {
  async customersearch({ input, deps, session }) {
    return readAnswer(
      await searchCustomers(deps.db, actorOf(requireStaffSession(session)), input.query),
    )
  },

  async customerpage({ input, deps, session }) {
    return readAnswer(
      await openCustomerPage(deps, actorOf(requireStaffSession(session)), idOf(input.customer_id)),
    )
  },

  async customerledger({ input, deps, session }) {
    return readAnswer(
      await customerLedgerPage(deps.db, actorOf(requireStaffSession(session)), {
        customerId: idOf(input.customer_id),
        page: input.page,
      }),
    )
  },

  async customerendsessions({ input, deps, session }) {
    const ended = await endCustomerSessions(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
    )
    return {
      ...changeAnswer(
        ended,
        ({ email, ended }) => `${ended} session${ended === 1 ? '' : 's'} of ${email} ended.`,
      ),
      ...(ended.ok ? { ended: ended.ended } : {}),
    }
  },

  async customerunlock({ input, deps, session }) {
    const unlocked = await unlockCustomer(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
    )
    return changeAnswer(unlocked, ({ email }) => `${email} may sign in again now.`)
  },

  async customernotice({ input, deps, session }) {
    const changed = await changeAccountNotice(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
      input.change === 'set' ? { set: { head: input.head, body: input.body } } : { clear: true },
    )
    return changeAnswer(changed, ({ email }) =>
      input.change === 'set'
        ? `${email} now sees the notice "${input.head}" instead of the dashboard.`
        : `The notice on ${email} is removed.`,
    )
  },

  async customernotify({ input, deps, session }) {
    const sent = await notifyCustomerAs(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
      { title: input.title, body: input.body },
    )
    return changeAnswer(sent, ({ email }) => `${email} has the notification.`)
  },
} satisfies Partial<StaffHandlers>
