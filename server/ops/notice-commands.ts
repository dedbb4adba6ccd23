import { eq } from 'drizzle-orm'
import { accountNotices } from '../db/schema'
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
    summary: 'block the account with a notice (replaces one)',
    async run(db, [email, head, ...body], now) {
      const customer = emailArgument(email)
      const text = body.join(' ').trim()
      if (!head?.trim() || !text)
        throw new Error(
          'Give a head and a body, each in quotes: notice set <email> "<head>" "<body>".',
        )
      const userId = await customerId(db, customer)
      await db
        .insert(accountNotices)
        .values({ userId, head: head.trim(), body: text, createdAt: now })
        .onConflictDoUpdate({
          target: accountNotices.userId,
          set: { head: head.trim(), body: text, createdAt: now },
        })
      return `${customer} now sees the notice "${head.trim()}" instead of the dashboard.`
    },
  },
  'notice clear': {
    usage: '<email>',
    summary: 'remove the notice from an account',
    async run(db, [email]) {
      const customer = emailArgument(email)
      const userId = await customerId(db, customer)
      const removed = await db
        .delete(accountNotices)
        .where(eq(accountNotices.userId, userId))
        .returning({ id: accountNotices.id })
      if (removed.length === 0) throw new Error(`${customer} has no notice.`)
      return `The notice on ${customer} is removed.`
    },
  },
}
