import type { Database } from '../db/database'
import { freezeAccountAs, proposeUnfreeze } from '../domain/account-freezes'
import { proposeCorrection } from '../domain/corrections'
import { findUserByEmail } from '../domain/users'
import { amountArgument, doneOrThrow, emailArgument, type OpsCommand, taskContext } from './command'

/**
 * Corrections and freezes from the terminal (docs/decisions/079): the same tasks as the
 * console's customer page.
 */

async function customerId(db: Database, email: string | undefined) {
  const customer = emailArgument(email)
  const user = await findUserByEmail(db, customer)
  if (!user) throw new Error(`No user with the e-mail ${customer}.`)
  return user.id
}

const directions = ['credit', 'debit'] as const

export const correctionCommands: Record<string, OpsCommand> = {
  'corrections propose': {
    usage: '<email> credit|debit <amount> <reference> <reason>',
    summary:
      "propose a manual credit or debit of the customer's account (quote the reason: the customer reads it); it is posted only when a second person with the payments role approves it (approvals approve)",
    async run(db, [email, direction, amount, reference, ...reason], now, context) {
      const id = await customerId(db, email)
      if (!directions.includes(direction as 'credit'))
        throw new Error('Say credit or debit: corrections propose <email> credit|debit ….')
      if (!reference?.trim() || !reason.join(' ').trim())
        throw new Error(
          'Give a reference and a reason: corrections propose <email> credit 50.00 CASE-12 "<reason>".',
        )
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await proposeCorrection(deps, actor, {
          customerId: id,
          direction: direction as (typeof directions)[number],
          amount: amountArgument(amount),
          reference,
          reason: reason.join(' '),
        }),
      ).message
    },
  },
  'accounts freeze': {
    usage: '<email> <reason>',
    summary:
      'freeze the account at once: sessions ended, no sign-in, no money out, the account notice shown; lifting it needs a second person (accounts unfreeze)',
    async run(db, [email, ...reason], now, context) {
      const id = await customerId(db, email)
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(await freezeAccountAs(deps, actor, id, reason.join(' '))).message
    },
  },
  'accounts unfreeze': {
    usage: '<email> <reason>',
    summary:
      'propose to lift the freeze; the account stays frozen until a second person with the payments role approves it (approvals approve)',
    async run(db, [email, ...reason], now, context) {
      const id = await customerId(db, email)
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(await proposeUnfreeze(deps, actor, id, { reason: reason.join(' ') }))
        .message
    },
  },
}
