import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { transfers } from '#server/db/schema'
import { pendingRequests } from '#server/domain/funding-requests'
import { runOpsCommand } from '#server/ops/run'
import type { RunRecord } from './history'

/**
 * The bank's operator, with the operator commands on its own connection to the database:
 * confirms every pending deposit, and settles most transfers in progress and fails some (a
 * refund). A command cut off by a fault is simply tried again on the next round.
 */
export async function runOperator(db: Database, record: RunRecord, until: () => boolean) {
  const ops = async (argv: string[]) => {
    try {
      const result = await runOpsCommand(db, argv, { operator: 'chaos-operator', now: new Date() })
      if (result.exitCode === 0) record.count(`operator: ${argv.slice(0, 2).join(' ')}`)
      else
        record.count(
          `operator: ${argv.slice(0, 2).join(' ')} refused: ${result.output.split('\n')[0]?.slice(0, 80)}`,
        )
    } catch {
      record.count('operator command cut off (tried again)')
    }
  }
  let finalRounds = 0
  const nothingPending = () =>
    pendingRequests(db).then(
      (rows) => rows.length === 0,
      () => false,
    )
  for (;;) {
    // The round that starts after `until` turned false is the last: it sees every request made.
    const last = !until()
    try {
      for (const request of await pendingRequests(db))
        await ops(['requests', 'confirm', String(request.id)])
      const open = await db
        .select({ id: transfers.id })
        .from(transfers)
        .where(eq(transfers.status, 'in_progress'))
        .limit(20)
      for (const transfer of open)
        await ops(['transfers', Math.random() < 0.8 ? 'settle' : 'fail', String(transfer.id)])
    } catch {
      record.count('operator round cut off')
    }
    // Rounds from then on go until nothing is pending (a command cut off is tried again).
    if (last && ((await nothingPending()) || ++finalRounds >= 10)) return
    await sleep(300)
  }
}
