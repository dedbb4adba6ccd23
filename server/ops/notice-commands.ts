import { changeAccountNotice } from '../domain/customer-support'
import { findUserByEmail } from '../domain/users'
import { doneOrThrow, emailArgument, type OpsCommand, taskContext } from './command'

async function customerId(db: Parameters<OpsCommand['run']>[0], email: string) {
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error(`No user with the e-mail ${email}.`)
  return user.id
}

/** The blocking account notice shown at login (ismsg), by getsinfo and on the dashboard. */
export const noticeCommands: Record<string, OpsCommand> = {
  'notice set': {
    usage: '<email> <head> <body>',
    summary: 'block the account with a notice (replaces one): ends its sessions, no money out',
    async run(db, [email, head, ...body], now, context) {
      const customer = emailArgument(email)
      const text = body.join(' ').trim()
      if (!head?.trim() || !text)
        throw new Error(
          'Give a head and a body, each in quotes: notice set <email> "<head>" "<body>".',
        )
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(
        await changeAccountNotice(deps, actor, await customerId(db, customer), {
          set: { head: head.trim(), body: text },
        }),
      )
      return `${customer} now sees the notice "${head.trim()}" instead of the dashboard.`
    },
  },
  'notice clear': {
    usage: '<email>',
    summary: 'remove the notice from an account (money may leave it again)',
    async run(db, [email], now, context) {
      const customer = emailArgument(email)
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(
        await changeAccountNotice(deps, actor, await customerId(db, customer), { clear: true }),
      )
      return `The notice on ${customer} is removed.`
    },
  },
}
