/**
 * What the transfer benchmarks share: customers with money, a saved payee (no step-up) and a
 * session each, and authorisations in the state a right PIN leaves them (so a run measures the
 * transfer, not argon2id).
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createApp } from '#server/app'
import { hashSecret } from '#server/auth/secrets'
import { createSession } from '#server/auth/sessions'
import type { Database } from '#server/db/database'
import { bankAccountCodes, customerAccountCode, ensureBankAccounts, post } from '#server/db/ledger'
import { bankSettings, transferAuthorizations, users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import { payeeKeyOf, savePayee } from '#server/domain/payees'
import { approvedFrom, bindingOf } from '#server/domain/transfer-authorization'
import { createUploadStore } from '#server/storage/uploads'

/** The portal's app on `db` as a transfer benchmark runs it: files under `dataDir`, no mail, logs on stderr. */
export function benchApp(db: Database, dataDir: string) {
  return createApp({
    db,
    uploads: createUploadStore(path.join(dataDir, 'uploads')),
    mailQueued: () => {},
    now: () => new Date(),
    log: (line) => console.error(line),
    webRoot: dataDir,
    publicUrl: 'http://bench.local',
  })
}

export const benchPayee = {
  bank: 'Bench Bank',
  swiftCode: 'BNCHUS33',
  accountNumber: '1234567890',
  accountHolderName: 'Bench Payee',
  routingNumber: '021000089',
  country: 'US',
}

/**
 * The form fields of one `newtrs` of $1.00 to the bench payee, without key and authorisation,
 * as they go on the wire (the spec's names): the load generator sends them as they are.
 */
export const benchTransferFields = {
  bank: benchPayee.bank,
  swift: benchPayee.swiftCode,
  act_no: benchPayee.accountNumber,
  act_hold_name: benchPayee.accountHolderName,
  currency: 'USD',
  routing: benchPayee.routingNumber,
  country: benchPayee.country,
  amount: '1.00',
  note: 'bench',
  extra: '',
}

export interface BenchCustomer {
  id: number
  token: string
}

export async function setUpCustomers(db: Database, count: number): Promise<BenchCustomer[]> {
  await ensureBankAccounts(db)
  await db.insert(bankSettings).values({ id: 1 }).onConflictDoNothing()
  const pinHash = await hashSecret('2468')
  const customers: BenchCustomer[] = []
  for (let index = 0; index < count; index++) {
    const [user] = await db
      .insert(users)
      .values({
        email: `bench${index}@bench.example`,
        username: `bench${index}`,
        firstName: 'Bench',
        lastName: String(index),
        fullname: `Bench ${index}`,
        passcodeHash: pinHash,
        pinHash,
        emailVerifiedAt: new Date(),
        verificationStatus: 'Verified',
      })
      .returning({ id: users.id })
    const id = user?.id as number
    await openCustomerAccount(db, id)
    await post(db, {
      kind: 'deposit',
      lines: [
        { account: bankAccountCodes.received, amount: -1_000_000_000_000 },
        { account: customerAccountCode(id), amount: 1_000_000_000_000 },
      ],
    })
    await savePayee(db, id, { ...benchPayee, currency: 'USD' })
    const token = await createSession(db, {
      userId: id,
      kind: 'session',
      remember: true,
      now: new Date(),
    })
    customers.push({ id, token })
  }
  return customers
}

/** What `confirmmypin` binds a $1.00 transfer to the bench payee to (amount, currency, payee). */
const benchBinding = bindingOf(approvedFrom(benchPayee, 100, 'USD'))

/** Authorisations in the state a right PIN leaves them (no step-up needed), for $1.00. */
export async function prepareAuthorizations(db: Database, userId: number, count: number) {
  const ids = Array.from({ length: count }, () => randomBytes(18).toString('base64url'))
  const now = new Date()
  const expiresAt = new Date(now.getTime() + 3_600_000)
  for (let start = 0; start < ids.length; start += 1000) {
    await db.insert(transferAuthorizations).values(
      ids.slice(start, start + 1000).map((id) => ({
        id,
        userId,
        amount: 100,
        payeeKey: payeeKeyOf(benchPayee),
        binding: benchBinding,
        stepUpRequired: false,
        authorizedAt: now,
        expiresAt,
      })),
    )
  }
  return ids
}
