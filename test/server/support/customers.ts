import { hashSecret } from '#server/auth/secrets'
import { users } from '#server/db/schema'
import { openCustomerAccount } from '#server/domain/customer-accounts'
import type { TestApp } from './test-app'

let serial = 0

/** A customer straight in the database (e-mail verified unless told otherwise), with accounts. */
export async function createCustomer(
  t: TestApp,
  options: {
    passcode?: string
    pin?: string
    emailVerified?: boolean
    verificationStatus?: (typeof users.$inferInsert)['verificationStatus']
  } = {},
) {
  serial++
  const email = `customer${serial}-${Date.now()}@example.com`
  const passcode = options.passcode ?? '135790'
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      username: `customer${serial}_${Date.now()}`,
      firstName: 'Test',
      lastName: `Customer ${serial}`,
      fullname: `Test Customer ${serial}`,
      passcodeHash: await hashSecret(passcode),
      pinHash: options.pin ? await hashSecret(options.pin) : null,
      emailVerifiedAt: options.emailVerified === false ? null : t.clock.now(),
      verificationStatus: options.verificationStatus ?? 'Verified',
    })
    .returning({ id: users.id })
  if (!user) throw new Error('customer insert returned nothing')
  await openCustomerAccount(t.db, user.id)
  return { id: user.id, email, passcode }
}

/** A new customer, signed in: its details and session token. */
export async function signedInCustomer(
  t: TestApp,
  options: Parameters<typeof createCustomer>[1] = {},
) {
  const customer = await createCustomer(t, options)
  return { ...customer, token: await t.login(customer.email, customer.passcode) }
}
