import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { transfers } from '#server/db/schema'
import { pendingRequests } from '#server/domain/funding-requests'
import { runOpsCommand } from '#server/ops/run'
import { ledgerState } from './checks'
import type { BlockedCustomer, RunRecord } from './history'

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

/**
 * Mid-run, while the faults go on: the operator blocks `count` customers with an account notice
 * through the operator command (`notice set`), tried again until a try is committed. They are
 * picked at `at` among the clients that have had a transfer acknowledged (others when too few
 * have), so some of their transfers are settled or failed after it. Right after the commit,
 * the customer's ledger account (total_debit, balance, debit entries) and its transfers are
 * read on the same connection, for the checker: no money may leave from then on.
 */
export async function blockMidRun(
  db: Database,
  record: RunRecord,
  clients: { id: number; email: string }[],
  options: { at: number; count: number; giveUpAt: number },
) {
  const { giveUpAt } = options
  await sleep(Math.max(0, options.at - Date.now()))
  const active = new Set(
    record.transfers.filter((attempt) => attempt.outcome === 'success').map((a) => a.userId),
  )
  const busy = clients.filter((client) => active.has(client.id))
  const others = clients.filter((client) => !active.has(client.id))
  for (const client of [...shuffled(busy), ...shuffled(others)].slice(0, options.count))
    record.blocked.set(client.id, { userId: client.id, email: client.email })
  await Promise.all([...record.blocked.values()].map((customer) => block(customer)))

  async function block(customer: BlockedCustomer) {
    customer.startedAt = Date.now()
    const argv = [
      'notice',
      'set',
      customer.email,
      'Account on hold',
      'Chaos test: no money may leave this account.',
    ]
    while (customer.committedAt === undefined) {
      // The checker flags a notice never committed.
      if (Date.now() > giveUpAt) return
      try {
        const result = await runOpsCommand(db, argv, {
          operator: 'chaos-operator',
          now: new Date(),
        })
        // A refusal here is a cut connection (runOpsCommand reports it as one): tried again.
        if (result.exitCode === 0) customer.committedAt = Date.now()
        else record.count('operator: notice set cut off (tried again)')
      } catch {
        // The audit log's insert cut off: the notice may be committed; setting it again is harmless.
        record.count('operator: notice set cut off (tried again)')
      }
      if (customer.committedAt === undefined) await sleep(100)
    }
    record.count('operator: notice set (customer blocked)')
    for (;;) {
      try {
        customer.atNotice = await ledgerState(db, customer.userId)
        return
      } catch {
        record.count('checker read cut off (tried again)')
        await sleep(100)
      }
    }
  }
}

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => item)
