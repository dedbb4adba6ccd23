import { desc, eq } from 'drizzle-orm'
import { chainHash } from '#api/chain-rules'
import { formatMoney } from '#api/money'
import { fixedDeposits, transfers, users } from '../db/schema'
import { explorerLink } from '../domain/coin-chains'
import { payMaturedDeposits } from '../domain/fixed-deposits'
import { pendingRequests } from '../domain/funding-requests'
import { decideRequestAs } from '../domain/request-cases'
import { runDueTransfers } from '../domain/scheduled-transfers'
import { staffFilesPath } from '../domain/staff-files'
import { decideTransferAs } from '../domain/transfer-cases'
import { amountArgument, doneOrThrow, type OpsCommand, table, taskContext } from './command'

const idArgument = (value: string | undefined, what: string) => {
  if (!value || !/^\d{1,9}$/.test(value))
    throw new Error(`Give the id of the ${what} (see the list).`)
  return Number(value)
}

/**
 * `--amount <received> --reason <why>` taken out of a confirmation's words (both or neither);
 * the rest is the note.
 */
function receivedArguments(args: string[]) {
  const rest: string[] = []
  let amount: string | undefined
  let reason: string | undefined
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    if (arg === '--amount') amount = args[++index] ?? ''
    else if (arg === '--reason') reason = args[++index] ?? ''
    else rest.push(arg)
  }
  if ((amount === undefined) !== (reason === undefined) || reason?.trim() === '')
    throw new Error(
      'Give the amount received and the reason together: requests confirm <id> --amount 950.00 --reason "<why>".',
    )
  const received =
    amount === undefined
      ? undefined
      : { amount: amountArgument(amount, 'the amount received'), reason: (reason ?? '').trim() }
  return { received, note: rest.join(' ').trim() }
}

const transferStatuses = ['in_progress', 'successful', 'failed'] as const

/** Requests (deposit, payment, fixed deposit, upgrade), transfers and fixed deposits. */
export const moneyCommands: Record<string, OpsCommand> = {
  'requests list': {
    usage: '',
    readOnly: true,
    readsCustomers: true,
    summary:
      "pending requests: id, kind, e-mail, amount, coin, plan/purpose, proof file, sent at, the payment's transaction hash and its explorer page",
    async run(db) {
      const rows = await pendingRequests(db)
      return table(
        rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          email: row.email,
          amount: formatMoney(row.amount),
          coin: row.coin,
          detail: row.detail ?? row.purpose ?? '-',
          // The proof opens in the staff console (payments or auditor role).
          proof: `${staffFilesPath}/${row.proofFileId}`,
          at: row.at,
          // Check the payment on the chain before confirming (docs/decisions/066).
          hash: row.txHash ? chainHash(row.txHash, row.hashFormat ?? 'hex64-or-0x') : '-',
          explorer:
            (row.txHash &&
              explorerLink(row.explorerUrl, row.txHash, row.hashFormat ?? 'hex64-or-0x')) ||
            '-',
        })),
      )
    },
  },
  'requests confirm': {
    usage: '<id> [--amount <received> --reason "<why>"] [note]',
    summary:
      'confirm, once the payment is found on the chain: deposit credited, payment recorded against its purpose (the balance untouched), fixed deposit started, plan changed; a deposit with --amount and --reason is credited the amount the bank actually received, the customer told why; above the four-eyes threshold (of that amount) it waits for a second person (approvals list), the note telling them why',
    async run(db, [id, ...rest], now, context) {
      const { received, note } = receivedArguments(rest)
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await decideRequestAs(deps, actor, idArgument(id, 'request'), {
          confirm: true,
          note: note || undefined,
          received,
        }),
      ).message
    },
  },
  'requests decline': {
    usage: '<id> [reason]',
    summary: 'decline; the customer is notified (with the reason)',
    async run(db, [id, ...reason], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await decideRequestAs(deps, actor, idArgument(id, 'request'), {
          confirm: false,
          reason: reason.join(' ').trim() || undefined,
        }),
      ).message
    },
  },
  'transfers list': {
    usage: '[in_progress|successful|failed]',
    readOnly: true,
    readsCustomers: true,
    summary: 'transfers (in progress by default): id, e-mail, amount, charge, payee, status, at',
    async run(db, [status = 'in_progress']) {
      if (!(transferStatuses as readonly string[]).includes(status))
        throw new Error(`Unknown status '${status}'.`)
      const rows = await db
        .select({
          id: transfers.id,
          email: users.email,
          amount: transfers.amount,
          charge: transfers.charge,
          payee: transfers.actHoldName,
          account: transfers.actNo,
          bank: transfers.bank,
          status: transfers.status,
          at: transfers.createdAt,
        })
        .from(transfers)
        .innerJoin(users, eq(users.id, transfers.userId))
        .where(eq(transfers.status, status as (typeof transferStatuses)[number]))
        .orderBy(desc(transfers.id))
        .limit(200)
      return table(
        rows.map((row) => ({
          ...row,
          amount: formatMoney(row.amount),
          charge: formatMoney(row.charge),
        })),
      )
    },
  },
  'transfers settle': {
    usage: '<id> [note]',
    summary:
      'the transfer arrived: successful; above the four-eyes threshold it waits for a second person (approvals list)',
    async run(db, [id, ...note], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await decideTransferAs(deps, actor, idArgument(id, 'transfer'), {
          settle: true,
          note: note.join(' ').trim() || undefined,
        }),
      ).message
    },
  },
  'transfers fail': {
    usage: '<id> [reason]',
    summary:
      'the transfer failed: its hold is released (nothing left the account), the customer is notified',
    async run(db, [id, ...reason], now, context) {
      const { deps, actor } = taskContext(db, now, context)
      return doneOrThrow(
        await decideTransferAs(deps, actor, idArgument(id, 'transfer'), {
          settle: false,
          reason: reason.join(' ').trim() || undefined,
        }),
      ).message
    },
  },
  'fixed-deposits list': {
    usage: '',
    readOnly: true,
    readsCustomers: true,
    summary: 'fixed deposits: id, e-mail, plan, amount, interest, matures at, status',
    async run(db) {
      const rows = await db
        .select({
          id: fixedDeposits.id,
          email: users.email,
          plan: fixedDeposits.planName,
          amount: fixedDeposits.amount,
          interest: fixedDeposits.interest,
          maturesAt: fixedDeposits.maturesAt,
          status: fixedDeposits.status,
        })
        .from(fixedDeposits)
        .innerJoin(users, eq(users.id, fixedDeposits.userId))
        .orderBy(desc(fixedDeposits.id))
        .limit(200)
      return table(
        rows.map((row) => ({
          ...row,
          amount: formatMoney(row.amount),
          interest: formatMoney(row.interest),
        })),
      )
    },
  },
  'fixed-deposits mature': {
    usage: '',
    summary: 'pay every matured fixed deposit now (the server also does it hourly)',
    async run(db, _args, now) {
      return `${await payMaturedDeposits(db, now)} fixed deposit(s) paid.`
    },
  },
  'scheduled-transfers run': {
    usage: '',
    summary: 'make every scheduled transfer due today now (the server also does it every minute)',
    async run(db, _args, now) {
      const { posted, failed } = await runDueTransfers(db, now)
      return `${posted} scheduled transfer(s) made, ${failed} could not be made.`
    },
  },
}
