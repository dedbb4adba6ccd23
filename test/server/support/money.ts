import { randomBytes, randomUUID } from 'node:crypto'
import { bankAccountCodes, customerAccountCode, post } from '#server/db/ledger'
import { createCustomer } from './customers'
import type { TestApp } from './test-app'

/** Credits a customer from outside the bank, as a confirmed deposit would. */
export const fund = (t: TestApp, userId: number, amount: number) =>
  post(t.db, {
    kind: 'deposit',
    lines: [
      { account: bankAccountCodes.received, amount: -amount },
      { account: customerAccountCode(userId), amount },
    ],
  })

export const newKey = () => randomUUID()

/** A transaction hash no request has claimed yet: 64 hexadecimal characters. */
export const newTxHash = () => randomBytes(32).toString('hex')

export const jane = {
  bank: 'First Harbor Bank',
  swiftCode: 'FHBKGB2L',
  accountNumber: 'GB29NWBK60161331926819',
  accountHolderName: 'Jane Doe',
}

/** Every newtrs field but the authorization and the key. */
export const transferFields = (amount: string, payee = jane) => ({
  ...payee,
  currency: 'USD',
  routingNumber: '021000089',
  country: 'United Kingdom',
  amount,
  note: 'Rent',
  extra: '{}',
})

/** A signed-in customer with PIN 2468 and `balance` minor units. */
export async function payingCustomer(t: TestApp, balance: number) {
  const customer = await createCustomer(t, { pin: '2468' })
  if (balance > 0) await fund(t, customer.id, balance)
  return { ...customer, token: await t.login(customer.email, customer.passcode) }
}
