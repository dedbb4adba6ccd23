import { describeDemoRemoval, removeDemoAccounts } from '../seed/demo-removal'
import type { OpsCommand } from './command'

/** The demo accounts out of a real bank's database (docs/decisions/106). */
export const demoCommands: Record<string, OpsCommand> = {
  'demo remove': {
    usage: '',
    summary:
      'remove the demo customers (with their history) and the demo admin; their money leaves through the ledger to bank:demo-removed, staff under a demo e-mail are disabled; the audit log keeps everything',
    async run(db) {
      return describeDemoRemoval(await removeDemoAccounts(db))
    },
  },
}
