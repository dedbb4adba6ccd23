import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { bankAccountCodes, customerAccountCode, post } from '#server/db/ledger'
import { transactions } from '#server/db/schema'

type Movement = {
  name?: string
  direction: 'credit' | 'debit'
  amount: number
  at: Date
  status?: 'successful' | 'in_progress' | 'failed'
  /** The line's transaction type; Deposit for a credit, Bank Transfer for a debit when unsaid. */
  type?: string
  /** A transfer's payee and note, as the statement's search reads them. */
  payee?: { actHoldName: string; bank: string; actNo: string }
  note?: string
}

const receiptId = () => randomBytes(9).toString('base64url')

/** Transactions rows only (no money moved): enough for paging, filters and downloads. */
export async function insertTransactions(db: Database, userId: number, movements: Movement[]) {
  const rows = movements.map((movement, index) => ({
    userId,
    ref2: receiptId(),
    name: movement.name ?? `Movement ${index + 1}`,
    transactionType: movement.direction,
    type: movement.type ?? (movement.direction === 'credit' ? 'Deposit' : 'Bank Transfer'),
    amount: movement.amount,
    status: movement.status ?? ('successful' as const),
    createdAt: movement.at,
    ...movement.payee,
    note: movement.note ?? null,
  }))
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(transactions).values(rows.slice(start, start + 500))
}

/** Money really moved through the ledger, shown as a transaction dated `at`. */
export async function recordMovement(db: Database, userId: number, movement: Movement) {
  const sign = movement.direction === 'credit' ? 1 : -1
  const postingId = await db.transaction((tx) =>
    post(tx, {
      kind: 'test',
      lines: [
        { account: customerAccountCode(userId), amount: sign * movement.amount },
        {
          account:
            movement.direction === 'credit'
              ? bankAccountCodes.received
              : bankAccountCodes.transfersOut,
          amount: -sign * movement.amount,
        },
      ],
    }),
  )
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      postingId,
      ref2: receiptId(),
      name: movement.name ?? 'Movement',
      transactionType: movement.direction,
      type: movement.direction === 'credit' ? 'Deposit' : 'Bank Transfer',
      amount: movement.amount,
      status: movement.status ?? 'successful',
      createdAt: movement.at,
    })
    .returning()
  if (!row) throw new Error('transaction insert returned nothing')
  return row
}

/** `count` rows for `userId` in one statement, one a minute back from `newest`. */
export async function generateTransactions(
  db: Database,
  userId: number,
  count: number,
  newest: Date,
) {
  await db.execute(sql`
    insert into transactions (user_id, ref2, name, transaction_type, type, amount, status, created_at)
    select ${userId}, md5(random()::text || g::text), 'Generated ' || g,
      case when g % 3 = 0 then 'debit' else 'credit' end,
      case when g % 3 = 0 then 'Bank Transfer' else 'Deposit' end,
      100 + g % 5000, 'successful',
      ${newest.toISOString()}::timestamptz - make_interval(mins => g)
    from generate_series(1, ${count}) as g`)
}
