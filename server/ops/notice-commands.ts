import { clearAccountNotice, setAccountNotice } from '../domain/account-notices'
import { findUserByEmail } from '../domain/users'
import { emailArgument, type OpsCommand } from './command'

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
    async run(db, [email, head, ...body], now) {
      const customer = emailArgument(email)
      const text = body.join(' ').trim()
      if (!head?.trim() || !text)
        throw new Error(
          'Give a head and a body, each in quotes: notice set <email> "<head>" "<body>".',
        )
      const userId = await customerId(db, customer)
      await setAccountNotice(db, userId, { head: head.trim(), body: text }, now)
      return `${customer} now sees the notice "${head.trim()}" instead of the dashboard.`
    },
  },
  'notice clear': {
    usage: '<email>',
    summary: 'remove the notice from an account (money may leave it again)',
    async run(db, [email]) {
      const customer = emailArgument(email)
      const userId = await customerId(db, customer)
      if (!(await clearAccountNotice(db, userId))) throw new Error(`${customer} has no notice.`)
      return `The notice on ${customer} is removed.`
    },
  },
}
