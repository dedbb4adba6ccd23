import { and, asc, eq, inArray } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import type { Database } from '../db/database'
import { bankAccountCodes, post, voidHold } from '../db/ledger'
import { holds, ledgerAccounts, staff, staffSessions, storedFiles, users } from '../db/schema'
import { demoEmails } from './demo-accounts'

/**
 * The bank account that takes the demo customers' money when they are removed: it came from
 * nowhere real (opening balances, test-network deposits), so it leaves to an account that says so.
 */
export const demoRemovalAccount = 'bank:demo-removed'

export interface DemoRemoval {
  /** The demo users removed (customers and the demo admin), by e-mail. */
  users: string[]
  /** Minor units moved from their accounts to `demoRemovalAccount`. */
  moved: number
  postings: number
  /** Holds of transfers in progress released before the money moved. */
  releasedHolds: number
  /** Their uploaded files, removed with them. */
  files: number
  /** Members of staff under a demo e-mail, disabled (staff are never deleted). */
  disabledStaff: string[]
}

/**
 * `npm run ops -- demo remove` (docs/decisions/106), in one transaction: the demo customers'
 * pending holds are released and every balance they hold (accounts and fixed deposits) moves
 * through the ledger to `bank:demo-removed`, so the books still balance; their ledger accounts
 * stay, emptied, closed and detached (their entries are the books' history); the users go with
 * everything that is theirs (history, sessions, devices, requests, notifications, stored
 * files); members of staff under a demo e-mail are disabled and signed
 * out. The audit log is never touched: the command's own entry is appended to it.
 */
export async function removeDemoAccounts(db: Database): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const demoUsers = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...demoEmails]))
      .orderBy(asc(users.id))
      .for('update')
    const demoStaff = await tx
      .select({ id: staff.id, email: staff.email, status: staff.status })
      .from(staff)
      .where(inArray(staff.email, [...demoEmails]))
      .for('update')
    if (demoUsers.length === 0 && demoStaff.length === 0)
      throw new Error('There are no demo accounts in this database: nothing to remove.')
    const userIds = demoUsers.map((user) => user.id)
    const emailOf = new Map(demoUsers.map((user) => [user.id, user.email]))

    const accounts =
      userIds.length === 0
        ? []
        : await tx
            .select()
            .from(ledgerAccounts)
            .where(inArray(ledgerAccounts.userId, userIds))
            .orderBy(asc(ledgerAccounts.id))
            .for('update')
    const accountIds = accounts.map((account) => account.id)
    const pending =
      accountIds.length === 0
        ? []
        : await tx
            .select({ id: holds.id })
            .from(holds)
            .where(and(inArray(holds.ledgerAccountId, accountIds), eq(holds.state, 'pending')))
    for (const hold of pending) await voidHold(tx, hold.id)

    let moved = 0
    let postings = 0
    const holding = accounts.filter((account) => account.balance > 0)
    if (holding.length > 0) {
      const [received] = await tx
        .select({ currency: ledgerAccounts.currency })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, bankAccountCodes.received))
      const currency = received?.currency ?? 'USD'
      const other = holding.find((account) => account.currency !== currency)
      if (other)
        throw new Error(
          `Demo account ${other.code} holds ${other.currency}, not the bank's ${currency}: nothing was removed.`,
        )
      await tx
        .insert(ledgerAccounts)
        .values({ code: demoRemovalAccount, kind: 'bank', currency })
        .onConflictDoNothing()
      // A notice or a freeze blocks debits; this one debit must still leave.
      await tx
        .update(ledgerAccounts)
        .set({ debitsBlocked: false })
        .where(inArray(ledgerAccounts.id, accountIds))
      for (const account of holding) {
        await post(tx, {
          kind: 'demo-removal',
          memo: `Demo account removed (${emailOf.get(account.userId ?? 0) ?? account.code})`,
          lines: [
            { account: account.code, amount: -account.balance },
            { account: demoRemovalAccount, amount: account.balance },
          ],
        })
        moved += account.balance
        postings++
      }
    }
    if (accountIds.length > 0)
      await tx
        .update(ledgerAccounts)
        .set({ userId: null, debitsBlocked: true })
        .where(inArray(ledgerAccounts.id, accountIds))

    const files =
      userIds.length === 0
        ? []
        : await tx
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(inArray(storedFiles.userId, userIds))
    if (userIds.length > 0) await tx.delete(users).where(inArray(users.id, userIds))
    // Their files go with them: the rows, and the bytes with their rows (docs/decisions/107).
    if (files.length > 0)
      await tx.delete(storedFiles).where(
        inArray(
          storedFiles.id,
          files.map((file) => file.id),
        ),
      )

    const staffIds = demoStaff.map((person) => person.id)
    if (staffIds.length > 0) {
      await tx.update(staff).set({ status: 'disabled' }).where(inArray(staff.id, staffIds))
      await tx.delete(staffSessions).where(inArray(staffSessions.staffId, staffIds))
    }
    return {
      users: demoUsers.map((user) => user.email),
      moved,
      postings,
      releasedHolds: pending.length,
      files: files.length,
      disabledStaff: demoStaff.map((person) => person.email),
    }
  })
}

/** What `demo remove` prints. */
export function describeDemoRemoval(removal: DemoRemoval): string {
  const lines = [
    removal.users.length > 0
      ? `Removed ${removal.users.length} demo account${removal.users.length === 1 ? '' : 's'}: ${removal.users.join(', ')}, with their history.`
      : 'No demo customers or demo admin were left.',
  ]
  if (removal.releasedHolds > 0)
    lines.push(`Released ${removal.releasedHolds} hold(s) of transfers in progress.`)
  lines.push(
    removal.moved > 0
      ? `Moved ${formatMoney(removal.moved)} from their accounts to ${demoRemovalAccount} in ${removal.postings} posting(s); the books still balance.`
      : 'They held no money.',
  )
  if (removal.files > 0) lines.push(`${removal.files} uploaded file(s) removed with them.`)
  if (removal.disabledStaff.length > 0)
    lines.push(`Disabled staff under a demo e-mail: ${removal.disabledStaff.join(', ')}.`)
  return lines.join('\n')
}
