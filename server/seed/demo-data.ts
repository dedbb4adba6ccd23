import { randomBytes } from 'node:crypto'
import { and, count, eq, lte } from 'drizzle-orm'
import { hashSecret } from '../auth/secrets'
import type { Database, Queryable } from '../db/database'
import { bankAccountCodes, customerAccountCode, ensureBankAccounts, post } from '../db/ledger'
import {
  bankSettings,
  coinTypes,
  fundingRequests,
  kycDocumentTypes,
  notifications,
  paymentPurposes,
  plans,
  stepUpLimits,
  transactions,
  transfers,
  users,
} from '../db/schema'
import { openCustomerAccount } from '../domain/customer-accounts'
import { createRequest, decideRequest } from '../domain/funding-requests'
import { type PayeeDetails, payeeKeyOf, savePayee } from '../domain/payees'
import { approvedFrom, authorizeTransfer, bindingOf } from '../domain/transfer-authorization'
import { decideTransfer, submitTransfer } from '../domain/transfers'
import type { UploadStore } from '../storage/uploads'

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
  // Test-network coins, as migration 0011 gives an existing demo database: nothing of value can
  // be sent to them, and operators check each payment in the coin's explorer.
  await db.insert(coinTypes).values([
    {
      name: 'Bitcoin (BTC)',
      address: 'tb1q6fu7pprt9kzm0d5pvm6x78p7f6pm40ju9pc2jm',
      network: 'Bitcoin testnet',
      txHashFormat: 'hex64',
      explorerUrl: 'https://mempool.space/testnet4/tx/{hash}',
      sortOrder: 1,
    },
    {
      name: 'Ethereum (ETH)',
      address: '0xd25afdbf98f4d8d695c20967ea75cc7db38274cb',
      network: 'Ethereum Sepolia testnet',
      txHashFormat: '0x-hex64',
      explorerUrl: 'https://sepolia.etherscan.io/tx/{hash}',
      sortOrder: 2,
    },
    {
      name: 'Tether (USDT TRC20)',
      address: 'TT1yG7VaFcsX4NTfVYAjkSCmYn5qKdeRcb',
      network: 'Tron Nile testnet',
      txHashFormat: 'hex64',
      explorerUrl: 'https://nile.tronscan.org/#/transaction/{hash}',
      sortOrder: 3,
    },
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
    // Prices, descriptions and step-up limits as migration 0010 gives an existing demo database.
    {
      kind: 'upgrade',
      planName: 'Tier 2',
      sortOrder: 1,
      price: 5000,
      description: 'More room for everyday transfers',
    },
    {
      kind: 'upgrade',
      planName: 'Tier 3',
      sortOrder: 2,
      price: 15000,
      description: 'For larger payments, such as rent or suppliers',
    },
  ])
  await db.insert(stepUpLimits).values([
    { planName: 'Tier 2', limit: 500_000 },
    { planName: 'Tier 3', limit: 2_500_000 },
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
      createdAt: values.now,
      country: 'United States',
    })
    .returning({ id: users.id })
  if (!user) throw new Error('user insert returned nothing')
  if (values.role !== 'admin') await openCustomerAccount(db, user.id)
  return user.id
}

const receiptId = () => randomBytes(9).toString('base64url')

/**
 * The account's opening balance, posted with the customer's line. Not a deposit the bank
 * confirmed: the daily figures leave it out, as they leave out any opening balance.
 */
async function recordOpeningDeposit(db: Queryable, userId: number, amount: number, at: Date) {
  const postingId = await post(db, {
    kind: 'opening-balance',
    memo: 'Opening deposit',
    lines: [
      { account: customerAccountCode(userId), amount },
      { account: bankAccountCodes.received, amount: -amount },
    ],
  })
  await db.insert(transactions).values({
    userId,
    postingId,
    ref2: receiptId(),
    name: 'Opening deposit',
    transactionType: 'credit',
    type: 'Deposit',
    amount,
    status: 'successful',
    createdAt: at,
  })
}

/** The smallest valid PNG (1x1, transparent): the demo deposit's proof of payment. */
const demoProof = new File(
  [
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  ],
  'proof.png',
  { type: 'image/png' },
)

/**
 * A crypto deposit as a customer and an operator make it: the request with its proof, sent at
 * `sentAt`, then confirmed at `confirmedAt` (by the terminal), which credits it through the
 * ledger and writes the customer's line, so the daily figures count it on that day.
 */
async function confirmedDeposit(
  db: Database,
  uploads: UploadStore,
  userId: number,
  amount: number,
  { sentAt, confirmedAt }: { sentAt: Date; confirmedAt: Date },
) {
  const proof = await uploads.check(demoProof, 'payment_proof')
  const txHash = randomBytes(32).toString('hex')
  await db.transaction((tx) =>
    createRequest(
      tx,
      uploads,
      { userId, kind: 'deposit', coinType: 'Bitcoin (BTC)', amount, txHash, proof },
      sentAt,
    ),
  )
  const [request] = await db
    .select({ id: fundingRequests.id })
    .from(fundingRequests)
    .where(eq(fundingRequests.txHash, txHash))
  if (!request) throw new Error('the demo deposit request was not made')
  await decideRequest(db, request.id, { confirm: true }, confirmedAt)
}

/** Dated back: what the demo customer did, through the same functions a customer uses. */
async function seedDemoHistory(db: Database, uploads: UploadStore, userId: number, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * day)
  const jane: PayeeDetails = {
    bank: 'First Harbor Bank',
    swiftCode: 'FHBKGB2L',
    routingNumber: '021000089',
    country: 'United Kingdom',
    accountNumber: '00123456789',
    accountHolderName: 'Jane Doe',
    currency: 'USD',
  }
  const acme: PayeeDetails = {
    bank: 'Northwind Savings',
    swiftCode: 'NWSVDEFF',
    routingNumber: '026009593',
    country: 'Germany',
    accountNumber: '55500012',
    accountHolderName: 'ACME Supplies Ltd',
    currency: 'USD',
  }
  await recordOpeningDeposit(db, userId, 500_000, ago(40))
  await confirmedDeposit(db, uploads, userId, 125_000, { sentAt: ago(22), confirmedAt: ago(21) })
  await db.insert(notifications).values({
    userId,
    title: 'Welcome to Meridian Bank',
    body: 'Your account is open. Create your transaction PIN to start sending money.',
    readAt: ago(39),
    createdAt: ago(40),
  })
  // Saved payees below the plan's limit: no step-up code, so no e-mail from the seed.
  await savePayee(db, userId, jane)
  await savePayee(db, userId, acme)
  const paidJane = await demoTransfer(db, userId, jane, 33_000, ago(12))
  await decideTransfer(db, paidJane, { settle: true }, ago(11))
  // Read since: the dashboard's unread count is the one about the transfer still in progress.
  await db
    .update(notifications)
    .set({ readAt: ago(10) })
    .where(and(eq(notifications.userId, userId), lte(notifications.createdAt, ago(11))))
  // Still in progress: an operator settles or fails it (`npm run ops -- transfers list`).
  await demoTransfer(db, userId, acme, 13_250, ago(2))
}

/**
 * A transfer as the customer makes it: the PIN's authorisation, then the submission under a
 * key. Returns the transfer's id.
 */
async function demoTransfer(
  db: Database,
  userId: number,
  payee: PayeeDetails,
  amount: number,
  at: Date,
): Promise<number> {
  const approved = approvedFrom(payee, amount, payee.currency)
  const authorization = await authorizeTransfer(
    db,
    {
      userId,
      amount,
      payeeKey: payeeKeyOf(payee),
      binding: bindingOf(approved),
      payeeLabel: payee.accountHolderName,
      currencySymbol: '$',
      passkeyHolder: false,
    },
    at,
  )
  if (!('id' in authorization) || authorization.stepUp)
    throw new Error('a demo transfer needs no step-up: its payee is saved, its amount small')
  const key = randomBytes(16).toString('base64url')
  const submitted = await submitTransfer(
    db,
    { userId, key, call: 'newtrs', fingerprint: key },
    {
      ...approved,
      userId,
      authorization: authorization.id,
      payeeKey: payeeKeyOf(payee),
      note: 'Demo',
    },
    at,
    {
      held: () => ({ ok: true }),
      insufficient: { ok: false },
      blocked: { ok: false },
      notAuthorized: { ok: false },
      otherCurrency: () => ({ ok: false }),
    },
    { savePayee: false },
  )
  if (submitted.outcome !== 'first' || !submitted.answer.ok)
    throw new Error(`the demo transfer to ${payee.accountHolderName} was not made`)
  const [made] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(eq(transfers.authorizationId, authorization.id))
  if (!made) throw new Error('the demo transfer has no transfers row')
  return made.id
}

/**
 * Fills an empty database with reference data and demo customers. Does nothing when any user
 * exists, so a real installation is never touched. Returns whether it seeded.
 */
export async function seedDemoData(
  db: Database,
  uploads: UploadStore,
  now: Date,
): Promise<boolean> {
  const [existing] = await db.select({ users: count() }).from(users)
  if ((existing?.users ?? 0) > 0) return false
  // The customers in one transaction; then the demo customer's history, made as a customer and
  // an operator make it (each step its own transactions, as in the portal).
  const demoId = await db.transaction(async (tx) => {
    await seedReferenceData(tx)
    const [demo, pending, admin] = demoCredentials
    const id = await createUser(tx, {
      email: demo.email,
      secret: demo.secret,
      firstName: 'Dana',
      lastName: 'Morgan',
      username: 'dana',
      verificationStatus: 'Verified',
      pin: demo.pin,
      // Opened before its history (the statement's period starts here).
      now: new Date(now.getTime() - 41 * day),
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
    return id
  })
  await seedDemoHistory(db, uploads, demoId, now)
  return true
}
