import { randomBytes } from 'node:crypto'
import { count } from 'drizzle-orm'
import { hashSecret } from '../auth/secrets'
import type { Database, Queryable } from '../db/database'
import { bankAccountCodes, customerAccountCode, ensureBankAccounts, post } from '../db/ledger'
import {
  bankSettings,
  coinTypes,
  kycDocumentTypes,
  notifications,
  paymentPurposes,
  plans,
  transactions,
  users,
} from '../db/schema'
import { openCustomerAccount } from '../domain/customer-accounts'

/**
 * The demo logins and the states they are seeded in (`who`), as the README lists them. The start
 * banner reads their current states from the database (`demo-logins.ts`). Demo data only.
 */
export const demoCredentials = [
  {
    who: 'customer, verified, with PIN 1234 and history',
    email: 'demo@meridian.example',
    secret: '123456',
    pin: '1234',
  },
  { who: 'customer awaiting KYC review', email: 'pending@meridian.example', secret: '123456' },
  { who: 'admin (password field)', email: 'admin@meridian.example', secret: 'admin-demo-pass' },
] as const

const day = 24 * 3_600_000

/** The bank's reference data: settings, coin types, purposes, plans, document types. */
async function seedReferenceData(db: Queryable) {
  await db
    .insert(bankSettings)
    .values({
      serviceChargeBasisPoints: 1000,
      contactWhatsapp: '+15550100200',
      contactEmail: 'support@meridian.example',
      contactPhone: '+1 555 0100 200',
      swiftCode: 'MRDNUS33',
      routingNo: '021000089',
      country: 'United States',
    })
    .onConflictDoNothing()
  await db.insert(coinTypes).values([
    { name: 'Bitcoin (BTC)', address: 'bc1qdemo0addr3ss0not0real0for0payments0xyz', sortOrder: 1 },
    {
      name: 'Ethereum (ETH)',
      address: '0xDem0Addre55NotRealForPayments000000000001',
      sortOrder: 2,
    },
    { name: 'Tether (USDT TRC20)', address: 'TDemoAddressNotRealForPayments00001', sortOrder: 3 },
  ])
  await db
    .insert(paymentPurposes)
    .values([
      { purposeName: 'Loan repayment' },
      { purposeName: 'Card bill' },
      { purposeName: 'Insurance premium' },
    ])
  await db.insert(plans).values([
    {
      kind: 'fixed_deposit',
      planName: '3 months at 4.0%',
      sortOrder: 1,
      termDays: 91,
      rateBasisPoints: 400,
    },
    {
      kind: 'fixed_deposit',
      planName: '6 months at 4.5%',
      sortOrder: 2,
      termDays: 182,
      rateBasisPoints: 450,
    },
    {
      kind: 'fixed_deposit',
      planName: '12 months at 5.2%',
      sortOrder: 3,
      termDays: 365,
      rateBasisPoints: 520,
    },
    { kind: 'upgrade', planName: 'Tier 2', sortOrder: 1 },
    { kind: 'upgrade', planName: 'Tier 3', sortOrder: 2 },
  ])
  await db
    .insert(kycDocumentTypes)
    .values([{ docName: 'International Passport' }, { docName: 'National ID Card' }])
  await ensureBankAccounts(db)
}

async function createUser(
  db: Queryable,
  values: {
    email: string
    secret: string
    firstName: string
    lastName: string
    username: string
    role?: 'admin' | 'customer'
    verificationStatus: 'Verified' | 'Pending Verification'
    pin?: string
    now: Date
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      username: values.username,
      firstName: values.firstName,
      lastName: values.lastName,
      fullname: `${values.firstName} ${values.lastName}`,
      role: values.role ?? 'customer',
      passcodeHash: await hashSecret(values.secret),
      pinHash: values.pin ? await hashSecret(values.pin) : null,
      emailVerifiedAt: values.now,
      verificationStatus: values.verificationStatus,
      kycSubmittedAt: values.now,
      country: 'United States',
    })
    .returning({ id: users.id })
  if (!user) throw new Error('user insert returned nothing')
  if (values.role !== 'admin') await openCustomerAccount(db, user.id)
  return user.id
}

const receiptId = () => randomBytes(9).toString('base64url')

/** Posts money and records the customer's view of it, as later features will. */
async function recordMovement(
  db: Queryable,
  userId: number,
  movement: {
    name: string
    type: string
    direction: 'credit' | 'debit'
    amount: number
    /** A transfer's service charge, inside `amount`. */
    charge?: number
    status: 'successful' | 'in_progress'
    at: Date
    counterparty?: { bank: string; name: string; actNo: string; country: string }
  },
) {
  const customer = customerAccountCode(userId)
  const charge = movement.charge ?? 0
  const lines =
    movement.direction === 'credit'
      ? [
          { account: customer, amount: movement.amount },
          { account: bankAccountCodes.received, amount: -movement.amount },
        ]
      : [
          { account: customer, amount: -movement.amount },
          { account: bankAccountCodes.transfersOut, amount: movement.amount - charge },
          ...(charge > 0 ? [{ account: bankAccountCodes.fees, amount: charge }] : []),
        ]
  const postingId = await post(db, { kind: movement.type, memo: movement.name, lines })
  await db.insert(transactions).values({
    userId,
    postingId,
    ref2: receiptId(),
    name: movement.name,
    transactionType: movement.direction,
    type: movement.type,
    amount: movement.amount,
    charge: movement.charge ?? null,
    status: movement.status,
    bank: movement.counterparty?.bank ?? null,
    actHoldName: movement.counterparty?.name ?? null,
    actNo: movement.counterparty?.actNo ?? null,
    country: movement.counterparty?.country ?? null,
    createdAt: movement.at,
  })
}

async function seedDemoHistory(db: Queryable, userId: number, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * day)
  const jane = {
    bank: 'First Harbor Bank',
    name: 'Jane Doe',
    actNo: '00123456789',
    country: 'United Kingdom',
  }
  const acme = {
    bank: 'Northwind Savings',
    name: 'ACME Supplies Ltd',
    actNo: '55500012',
    country: 'Germany',
  }
  await recordMovement(db, userId, {
    name: 'Opening deposit',
    type: 'Deposit',
    direction: 'credit',
    amount: 500_000,
    status: 'successful',
    at: ago(40),
  })
  await recordMovement(db, userId, {
    name: 'Crypto deposit (BTC)',
    type: 'Crypto Deposit',
    direction: 'credit',
    amount: 125_000,
    status: 'successful',
    at: ago(21),
  })
  await recordMovement(db, userId, {
    name: 'Transfer to Jane Doe',
    type: 'Bank Transfer',
    direction: 'debit',
    amount: 33_000,
    charge: 3_000,
    status: 'successful',
    at: ago(12),
    counterparty: jane,
  })
  await recordMovement(db, userId, {
    name: 'Transfer to ACME Supplies Ltd',
    type: 'Bank Transfer',
    direction: 'debit',
    amount: 13_255,
    charge: 1_205,
    status: 'in_progress',
    at: ago(2),
    counterparty: acme,
  })
  await db.insert(notifications).values([
    {
      userId,
      title: 'Welcome to Meridian Bank',
      body: 'Your account is open. Create your transaction PIN to start sending money.',
      readAt: ago(39),
      createdAt: ago(40),
    },
    {
      userId,
      title: 'Transfer in progress',
      body: 'Your transfer of $132.55 to ACME Supplies Ltd is being processed.',
      createdAt: ago(2),
    },
  ])
}

/**
 * Fills an empty database with reference data and demo customers. Does nothing when any user
 * exists, so a real installation is never touched. Returns whether it seeded.
 */
export async function seedDemoData(db: Database, now: Date): Promise<boolean> {
  const [existing] = await db.select({ users: count() }).from(users)
  if ((existing?.users ?? 0) > 0) return false
  await db.transaction(async (tx) => {
    await seedReferenceData(tx)
    const [demo, pending, admin] = demoCredentials
    const demoId = await createUser(tx, {
      email: demo.email,
      secret: demo.secret,
      firstName: 'Dana',
      lastName: 'Morgan',
      username: 'dana',
      verificationStatus: 'Verified',
      pin: demo.pin,
      now,
    })
    await createUser(tx, {
      email: pending.email,
      secret: pending.secret,
      firstName: 'Priya',
      lastName: 'Shah',
      username: 'priya',
      verificationStatus: 'Pending Verification',
      now,
    })
    await createUser(tx, {
      email: admin.email,
      secret: admin.secret,
      firstName: 'Ada',
      lastName: 'Admin',
      username: 'admin',
      role: 'admin',
      verificationStatus: 'Verified',
      now,
    })
    await seedDemoHistory(tx, demoId, now)
  })
  return true
}
