import type { Database } from '../db/database'
import { openCustomerPage } from '../domain/customer-page'
import { endCustomerSessions, unlockCustomer } from '../domain/customer-support'
import { findUserByEmail } from '../domain/users'
import { doneOrThrow, emailArgument, type OpsCommand, taskContext } from './command'

/** Support's tasks on one customer, the same functions as the console's (docs/decisions/072). */

async function customerId(db: Database, email: string | undefined) {
  const customer = emailArgument(email)
  const user = await findUserByEmail(db, customer)
  if (!user) throw new Error(`No user with the e-mail ${customer}.`)
  return user.id
}

export const customerCommands: Record<string, OpsCommand> = {
  'customers show': {
    usage: '<email>',
    // Changes nothing; the runner writes the read to the audit log (personal data).
    readOnly: true,
    readsCustomers: true,
    summary: "the customer's page as JSON: profile, KYC, balances, sessions, lock, notice",
    async run(db, [email], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      const page = doneOrThrow(await openCustomerPage(deps, actor, await customerId(db, email)))
      return JSON.stringify(page.answer, null, 2)
    },
  },
  'customers end-sessions': {
    usage: '<email>',
    summary: "end every live session of the customer's",
    async run(db, [email], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      const done = doneOrThrow(await endCustomerSessions(deps, actor, await customerId(db, email)))
      return `${done.ended} session(s) of ${done.email} ended.`
    },
  },
  'customers unlock': {
    usage: '<email>',
    summary: 'clear the failed passcode count and the 15-minute lock',
    async run(db, [email], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      const done = doneOrThrow(await unlockCustomer(deps, actor, await customerId(db, email)))
      return `${done.email} may sign in again now.`
    },
  },
}
