import { createHash } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers'
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm'
import { addressBucket } from '../auth/client-address'
import { checkPasscodeLimited, type LimitedCheck } from '../auth/limited-checks'
import {
  type AssertionType,
  authenticationOptions,
  passkeyTimeoutMs,
  registrationOptions,
  relyingPartyOf,
  type StoredPasskey,
  verifyAuthentication,
  verifyRegistration,
} from '../auth/passkeys'
import type { Queryable } from '../db/database'
import { customerPasskeys, passkeyChallenges } from '../db/schema'
import type { AppDeps } from '../deps'
import { bankName } from '../mail/templates'
import { type PaymentShown, showsPayment } from './payment-confirmation'
import { recordSecurityEvent } from './security-log'
import { findUserById } from './users'

/**
 * A customer's passkeys (issue 19 item 3, docs/decisions/081): added, renamed and removed in
 * Settings after the passcode is entered again; used to sign in (discoverable, any passkey of
 * this site the browser holds) and to approve a transfer's step-up. User verification is
 * required: the passkey stands alone, as the passcode (or the e-mailed code) would.
 */

export interface ListedPasskey {
  id: number
  name: string
  createdAt: Date
  lastUsedAt: Date | null
  /** Synced to the customer's other devices by their password manager. */
  synced: boolean
  /** Approves transfers in the browser's own payment dialog (082). */
  payments: boolean
}

const storedOf = (row: typeof customerPasskeys.$inferSelect): StoredPasskey => ({
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  counter: row.counter,
  transports: row.transports,
})

async function passkeyRowsOf(db: Queryable, userId: number) {
  return db
    .select()
    .from(customerPasskeys)
    .where(eq(customerPasskeys.userId, userId))
    .orderBy(asc(customerPasskeys.id))
}

export async function passkeysOf(db: Queryable, userId: number): Promise<ListedPasskey[]> {
  return (await passkeyRowsOf(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    synced: row.backedUp,
    payments: row.paymentEnabled,
  }))
}

export async function hasPasskey(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: customerPasskeys.id })
    .from(customerPasskeys)
    .where(eq(customerPasskeys.userId, userId))
    .limit(1)
  return rows.length > 0
}

/** The challenge a WebAuthn answer signed, as its client data says; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge
  } catch {
    return null
  }
}

/** Which kind of assertion the client data says it is; null when unreadable or neither. */
function assertionTypeOf(clientDataJSON: string): AssertionType | null {
  try {
    const { type } = decodeClientDataJSON(clientDataJSON)
    return type === 'webauthn.get' || type === 'payment.get' ? type : null
  } catch {
    return null
  }
}

async function passkeyRowOf(db: Queryable, userId: number, credentialId: string) {
  const [row] = await db
    .select()
    .from(customerPasskeys)
    .where(
      and(eq(customerPasskeys.userId, userId), eq(customerPasskeys.credentialId, credentialId)),
    )
  return row
}

/** Takes a live challenge of `purpose` once; the row it was, or undefined. */
async function takeChallenge(
  db: Queryable,
  where: { challenge: string | null; purpose: 'sign_in' | 'register' },
  now: Date,
) {
  if (!where.challenge) return undefined
  const [taken] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challenge, where.challenge),
        eq(passkeyChallenges.purpose, where.purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning()
  return taken
}

async function keepChallenge(
  db: Queryable,
  challenge: {
    challenge: string
    purpose: 'sign_in' | 'register'
    email?: string
    sessionId?: number
    payment?: boolean
  },
  now: Date,
) {
  // Challenges past their 5 minutes serve nothing: each new one clears them away.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now))
  await db.insert(passkeyChallenges).values({
    ...challenge,
    expiresAt: new Date(now.getTime() + passkeyTimeoutMs),
    createdAt: now,
  })
}

/** The signed-in customer whose passcode a Settings step asks for again. */
export interface ConfirmingCustomer {
  userId: number
  sessionId: number
  clientAddress: string | null
}

/** The passcode entered again, under the login's limits (a guess counts as at login). */
async function passcodeConfirmed(
  deps: AppDeps,
  customer: ConfirmingCustomer,
  passcode: string,
): Promise<LimitedCheck<object>> {
  const user = await findUserById(deps.db, customer.userId)
  if (!user) return { ok: false, blockedUntil: null }
  return checkPasscodeLimited(deps.db, {
    user,
    email: user.email,
    password: passcode,
    address: addressBucket(customer.clientAddress),
    now: deps.now(),
  })
}

export type PasskeyStep<T> = ({ ok: true } & T) | Extract<LimitedCheck<object>, { ok: false }>

/**
 * Adding a passkey, step 1: the passcode again, then the browser's creation options; with
 * `payment` (the browser offers Secure Payment Confirmation), for a payment passkey (082).
 */
export async function passkeyRegistrationOptions(
  deps: AppDeps,
  customer: ConfirmingCustomer,
  passcode: string,
  payment = false,
): Promise<PasskeyStep<{ options: PublicKeyCredentialCreationOptionsJSON }>> {
  const confirmed = await passcodeConfirmed(deps, customer, passcode)
  if (!confirmed.ok) return confirmed
  const user = await findUserById(deps.db, customer.userId)
  if (!user) return { ok: false, blockedUntil: null }
  const options = await registrationOptions(
    relyingPartyOf(deps.publicUrl),
    {
      rpName: bankName,
      handle: `customer-${user.id}`,
      userName: user.email,
      displayName: user.fullname,
    },
    (await passkeyRowsOf(deps.db, user.id)).map(storedOf),
    { residentKey: 'required', userVerification: 'required' },
    { payment },
  )
  await keepChallenge(
    deps.db,
    { challenge: options.challenge, purpose: 'register', sessionId: customer.sessionId, payment },
    deps.now(),
  )
  return { ok: true, options }
}

export type PasskeyAdded =
  | { ok: true; id: number }
  | { ok: false; reason: 'not-verified' | 'known' }

/** Adding a passkey, step 2: the browser's answer to this session's challenge, and its name. */
export async function addPasskey(
  deps: AppDeps,
  customer: ConfirmingCustomer & { userAgent: string | null },
  added: { credential: RegistrationResponseJSON; name: string },
): Promise<PasskeyAdded> {
  const now = deps.now()
  const challenge = challengeOf(added.credential.response.clientDataJSON)
  const taken = await takeChallenge(deps.db, { challenge, purpose: 'register' }, now)
  if (!taken || taken.sessionId !== customer.sessionId || !challenge)
    return { ok: false, reason: 'not-verified' }
  const passkey = await verifyRegistration(
    relyingPartyOf(deps.publicUrl),
    added.credential,
    challenge,
    'required',
  )
  if (!passkey) return { ok: false, reason: 'not-verified' }
  return deps.db.transaction(async (tx): Promise<PasskeyAdded> => {
    const [row] = await tx
      .insert(customerPasskeys)
      .values({
        userId: customer.userId,
        name: added.name,
        ...passkey,
        // What step 1 asked the browser for: a payment passkey where it offers them.
        paymentEnabled: taken.payment,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: customerPasskeys.id })
    if (!row) return { ok: false, reason: 'known' }
    await recordSecurityEvent(tx, {
      userId: customer.userId,
      kind: 'passkey_added',
      userAgent: customer.userAgent,
      clientAddress: customer.clientAddress,
      at: now,
    })
    return { ok: true, id: row.id }
  })
}

/** Renames one of the customer's passkeys, after the passcode; false when it is not theirs. */
export async function renamePasskey(
  deps: AppDeps,
  customer: ConfirmingCustomer,
  change: { id: number; name: string; passcode: string },
): Promise<PasskeyStep<{ renamed: boolean }>> {
  const confirmed = await passcodeConfirmed(deps, customer, change.passcode)
  if (!confirmed.ok) return confirmed
  const renamed = await deps.db
    .update(customerPasskeys)
    .set({ name: change.name })
    .where(and(eq(customerPasskeys.id, change.id), eq(customerPasskeys.userId, customer.userId)))
    .returning({ id: customerPasskeys.id })
  return { ok: true, renamed: renamed.length > 0 }
}

/** Removes one of the customer's passkeys, after the passcode: it signs nothing in from now. */
export async function removePasskey(
  deps: AppDeps,
  customer: ConfirmingCustomer & { userAgent: string | null },
  removal: { id: number; passcode: string },
): Promise<PasskeyStep<{ removed: boolean }>> {
  const confirmed = await passcodeConfirmed(deps, customer, removal.passcode)
  if (!confirmed.ok) return confirmed
  const now = deps.now()
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(customerPasskeys)
      .where(and(eq(customerPasskeys.id, removal.id), eq(customerPasskeys.userId, customer.userId)))
      .returning({ id: customerPasskeys.id })
    if (rows.length === 0) return false
    await recordSecurityEvent(tx, {
      userId: customer.userId,
      kind: 'passkey_removed',
      userAgent: customer.userAgent,
      clientAddress: customer.clientAddress,
      at: now,
    })
    return true
  })
  return { ok: true, removed }
}

/**
 * Login with a passkey, step 1: options for any passkey of this site the browser holds (no
 * list of the e-mail's passkeys, which would tell whether it has an account), and a challenge
 * kept for that e-mail.
 */
export async function passkeySignInOptions(
  deps: AppDeps,
  email: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await authenticationOptions(relyingPartyOf(deps.publicUrl), [], {
    userVerification: 'required',
  })
  await keepChallenge(
    deps.db,
    { challenge: options.challenge, purpose: 'sign_in', email },
    deps.now(),
  )
  return options
}

/**
 * Login with a passkey, step 2: whether the answer is one of this e-mail's customer's passkeys
 * signing a live challenge given for that e-mail. Its counter moves on.
 */
export async function passkeySignsIn(
  deps: AppDeps,
  attempt: { userId: number | null; email: string; credential: AuthenticationResponseJSON },
): Promise<boolean> {
  const now = deps.now()
  const challenge = challengeOf(attempt.credential.response.clientDataJSON)
  const taken = await takeChallenge(deps.db, { challenge, purpose: 'sign_in' }, now)
  if (!taken || !challenge || taken.email !== attempt.email) return false
  // An e-mail without an account looks its passkey up all the same (no user 0): same work.
  return passkeySigned(deps, {
    userId: attempt.userId ?? 0,
    credential: attempt.credential,
    challenge,
    now,
  })
}

/** Whether `credential` is one of the customer's passkeys signing `challenge`; counts its use. */
async function passkeySigned(
  deps: AppDeps,
  answer: {
    userId: number
    credential: AuthenticationResponseJSON
    challenge: string
    now: Date
  },
): Promise<boolean> {
  const row = await passkeyRowOf(deps.db, answer.userId, answer.credential.id)
  if (!row) return false
  const counter = await verifyAuthentication(
    relyingPartyOf(deps.publicUrl),
    answer.credential,
    answer.challenge,
    storedOf(row),
    'required',
  )
  if (counter === null) return false
  await deps.db
    .update(customerPasskeys)
    .set({ counter, lastUsedAt: answer.now })
    .where(eq(customerPasskeys.id, row.id))
  return true
}

/**
 * The challenge of a transfer's approval (081): derived from the authorisation and the binding
 * of everything approved (amount, currency, every payee field), so a passkey's signature
 * approves exactly that transfer and no other. The authorisation's id is random (144 bits), so
 * the challenge cannot be known before the PIN made it.
 */
export function transferChallengeOf(
  authorization: string,
  binding: string,
): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256')
    .update(`meridian transfer approval v1\u0000${authorization}\u0000${binding}`)
    .digest()
  return new Uint8Array(digest)
}

/** A transfer's approval: the passkey options, and the payment dialog's where it can be used. */
export interface TransferApproval {
  options: PublicKeyCredentialRequestOptionsJSON
  /** The customer's payment passkeys and what the browser's dialog shows (082); or none. */
  payment: (PaymentShown & { credentialIds: string[] }) | null
}

/** The options of a transfer's approval with one of the customer's passkeys. */
export async function transferApprovalOptions(
  deps: AppDeps,
  approval: { userId: number; authorization: string; binding: string; shown: PaymentShown },
): Promise<TransferApproval> {
  const rows = await passkeyRowsOf(deps.db, approval.userId)
  const options = await authenticationOptions(relyingPartyOf(deps.publicUrl), rows.map(storedOf), {
    userVerification: 'required',
    challenge: transferChallengeOf(approval.authorization, approval.binding),
  })
  const credentialIds = rows.filter((row) => row.paymentEnabled).map((row) => row.credentialId)
  return {
    options,
    payment: credentialIds.length > 0 ? { ...approval.shown, credentialIds } : null,
  }
}

/** How a passkey's answer to a transfer's challenge went (082). */
export type TransferSignature = 'signed' | 'not-signed' | 'other-transfer'

/**
 * Whether `credential` is one of the customer's passkeys signing `challenge`; counts its use.
 * A Secure Payment Confirmation answer (`payment.get`) must come from a payment passkey, and
 * what the browser showed must be `shown`: another amount, currency or payee is the answer for
 * another transfer.
 */
export async function passkeySignsTransfer(
  deps: AppDeps,
  answer: {
    userId: number
    credential: AuthenticationResponseJSON
    challenge: string
    shown: PaymentShown
    now: Date
  },
): Promise<TransferSignature> {
  const type = assertionTypeOf(answer.credential.response.clientDataJSON)
  if (!type) return 'not-signed'
  const row = await passkeyRowOf(deps.db, answer.userId, answer.credential.id)
  if (!row || (type === 'payment.get' && !row.paymentEnabled)) return 'not-signed'
  const rp = relyingPartyOf(deps.publicUrl)
  const counter = await verifyAuthentication(
    rp,
    answer.credential,
    answer.challenge,
    storedOf(row),
    'required',
    type,
  )
  if (counter === null) return 'not-signed'
  if (
    type === 'payment.get' &&
    !showsPayment(answer.credential.response.clientDataJSON, answer.shown, rp)
  )
    return 'other-transfer'
  await deps.db
    .update(customerPasskeys)
    .set({ counter, lastUsedAt: answer.now })
    .where(eq(customerPasskeys.id, row.id))
  return 'signed'
}
