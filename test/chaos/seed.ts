import { hashSecret } from '#server/auth/secrets'
import type { Database } from '#server/db/database'
import { bankAccountCodes, customerAccountCode, post } from '#server/db/ledger'
import { users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import { type PayeeDetails, savePayee } from '#server/domain/payees'
import { seedDemoData } from '#server/seed/demo-data'
import type { UploadStore } from '#server/storage/uploads'

export const passcode = '246810'
export const pin = '1357'
/** Minor units each customer starts with. */
const openingBalance = 20_000

/** The payee every customer saved: transfers to it need no e-mailed code. */
export const savedPayee: PayeeDetails = {
  bank: 'Chaos Savings Bank',
  swiftCode: 'CHAOSU33',
  routingNumber: '021000089',
  country: 'United States',
  accountNumber: 'CHAOS0001',
  accountHolderName: 'Jepsen Holder',
  currency: 'USD',
}

export interface Customer {
  id: number
  email: string
}

/**
 * The bank's reference data (through the demo seed), then verified customers with a PIN, a
 * saved payee and an opening balance: `clients` for the workload, and probe customers for the cross-server checks. One
 * argon2id hash serves every passcode and one every PIN, so seeding takes a moment, not minutes.
 */
export async function seedChaosCustomers(
  db: Database,
  uploads: UploadStore,
  counts: { clients: number; probes: number },
  now: Date,
) {
  await seedDemoData(db, uploads, now)
  const passcodeHash = await hashSecret(passcode)
  const pinHash = await hashSecret(pin)
  const create = async (label: string): Promise<Customer> => {
    const email = `${label}@chaos.example`
    const [row] = await db
      .insert(users)
      .values({
        email,
        username: label.replace(/-/g, '_'),
        firstName: 'Chaos',
        lastName: label,
        fullname: `Chaos ${label}`,
        role: 'customer',
        passcodeHash,
        pinHash,
        emailVerifiedAt: now,
        verificationStatus: 'Verified',
        kycSubmittedAt: now,
        country: 'United States',
      })
      .returning({ id: users.id })
    if (!row) throw new Error('user insert returned nothing')
    await openCustomerAccount(db, row.id)
    await savePayee(db, row.id, savedPayee)
    // An opening balance through the ledger, so transfers start at once.
    await db.transaction((tx) =>
      post(tx, {
        kind: 'opening-balance',
        memo: 'Chaos test opening balance',
        lines: [
          { account: bankAccountCodes.received, amount: -openingBalance },
          { account: customerAccountCode(row.id), amount: openingBalance },
        ],
      }),
    )
    return { id: row.id, email }
  }
  const clients: Customer[] = []
  for (let i = 0; i < counts.clients; i++) clients.push(await create(`client-${i}`))
  const probes: Customer[] = []
  for (let i = 0; i < counts.probes; i++) probes.push(await create(`probe-${i}`))
  return { clients, probes }
}
