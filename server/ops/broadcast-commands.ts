import { proposeBroadcast } from '../domain/broadcasts'
import { doneOrThrow, type OpsCommand, taskContext } from './command'

/** Broadcasts from the terminal (docs/decisions/077): the same task as the console's page. */

export const broadcastCommands: Record<string, OpsCommand> = {
  'broadcast propose': {
    usage: '<title> <body> [plan]',
    summary:
      'propose a notification to every customer, or to one plan’s customers (quote the title and the body); a second person with the support role approves it (approvals approve) before it is sent',
    async run(db, [title, body, plan], now, context) {
      if (!title?.trim() || !body?.trim())
        throw new Error('Give a title and a body: broadcast propose "<title>" "<body>" [plan].')
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await proposeBroadcast(deps, actor, { title, body, plan: plan?.trim() || null }),
      ).message
    },
  },
}
