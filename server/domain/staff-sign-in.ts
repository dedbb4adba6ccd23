import { createHash } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { SecondFactor } from '#api/contract/staff'
import { addressBucket } from '../auth/client-address'
import {
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  type StoredPasskey,
  verifyAuthentication,
  verifyRegistration,
} from '../auth/passkeys'
import { openSecret, sealSecret } from '../auth/sealed-secrets'
import { hashSecret, spendVerifyWork, verifySecret } from '../auth/secrets'
import { checkStaffLimited } from '../auth/staff-checks'
import { passwordProblem } from '../auth/staff-passwords'
import {
  createStaffSession,
  revokeStaffSessionById,
  revokeStaffSessions,
  rolesOf,
  type StaffSession,
  setSessionChallenge,
  spendStepUp,
  staffSessionLifetimes,
  stepUpNeeded,
  takeSessionChallenge,
} from '../auth/staff-sessions'
import { acceptedTotpStep, newTotpSecret, totpQrSvg, totpUri } from '../auth/totp'
import type { Queryable } from '../db/database'
import { staff, staffEnrolments, staffPasskeys } from '../db/schema'
import { bankName } from '../mail/templates'
import { findStaffByEmail, findStaffById, type StaffDeps } from './staff'

/**
 * Signing in to the staff console and enrolling (docs/decisions/068). Sign-in is the password,
 * then always a second factor: a passkey answer, or a TOTP code. Enrolment is a single-use link
 * from the e-mail, a new password, then a passkey or an authenticator app; it ends signed in.
 */

/** Who a session belongs to, the way the console shows them. */
export interface StaffMe {
  id: number
  email: string
  name: string
  roles: Awaited<ReturnType<typeof rolesOf>>
  endsAt: Date
  expiresAt: Date
  passkeys: number
  totp: boolean
}

/** A new cookie for the client: its token and when it ends. */
export interface IssuedSession {
  token: string
  expiresAt: Date
}

export interface ClientFacts {
  clientAddress: string | null
  userAgent: string | null
}

export async function passkeysOf(db: Queryable, staffId: number): Promise<StoredPasskey[]> {
  const rows = await db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.id))
  return rows.map((row) => ({
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    counter: row.counter,
    transports: row.transports,
  }))
}

export async function meOf(
  db: Queryable,
  staffId: number,
  times: { endsAt: Date; expiresAt: Date },
): Promise<StaffMe> {
  const person = await findStaffById(db, staffId)
  if (!person) throw new Error(`no member of staff ${staffId}`)
  const [keys] = await db
    .select({ n: count() })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    roles: await rolesOf(db, staffId),
    ...times,
    passkeys: Number(keys?.n ?? 0),
    totp: person.totpSecret !== null,
  }
}

/** A signed-in session for the person, with the "me" its first answer carries. */
async function signedIn(
  db: Queryable,
  staffId: number,
  client: ClientFacts,
  now: Date,
): Promise<{ session: IssuedSession; me: StaffMe }> {
  const session = await createStaffSession(db, { staffId, stage: 'full', ...client, now })
  const idleMs = staffSessionLifetimes.full.idleMs ?? 0
  const me = await meOf(db, staffId, {
    endsAt: new Date(now.getTime() + idleMs),
    expiresAt: session.expiresAt,
  })
  return { session, me }
}

// ---- sign-in ----

export type StaffSignIn =
  /** A wrong e-mail or password, told apart by nothing; `blockedUntil` when the limits block. */
  | { outcome: 'refused'; blockedUntil: Date | null; attemptsLeft?: number }
  /** The password is right, but the person may not sign in. */
  | { outcome: 'disabled' | 'not_enrolled' }
  | {
      outcome: 'second_factor'
      session: IssuedSession
      factors: SecondFactor[]
      passkey?: PublicKeyCredentialRequestOptionsJSON
    }

export async function signInStaff(
  deps: StaffDeps,
  attempt: { email: string; password: string } & ClientFacts,
): Promise<StaffSignIn> {
  const now = deps.now()
  const email = attempt.email.trim().toLowerCase()
  const person = await findStaffByEmail(deps.db, email)
  const check = await checkStaffLimited(
    deps.db,
    {
      subject: person ? { staffId: person.id } : { unknownEmail: email },
      email,
      kind: 'passcode',
      finishes: false,
      address: addressBucket(attempt.clientAddress),
      now,
    },
    () =>
      person?.passwordHash
        ? verifySecret(person.passwordHash, attempt.password)
        : spendVerifyWork(attempt.password),
  )
  if (!check.ok)
    return {
      outcome: 'refused',
      blockedUntil: check.blockedUntil,
      attemptsLeft: check.attemptsLeft,
    }
  if (!person) throw new Error('a staff password matched without a person')
  if (person.status !== 'active') return { outcome: 'disabled' }
  if (!person.enrolledAt) return { outcome: 'not_enrolled' }
  const passkeys = await passkeysOf(deps.db, person.id)
  const factors: SecondFactor[] = []
  if (passkeys.length > 0) factors.push('passkey')
  if (person.totpSecret) factors.push('totp')
  const passkey =
    passkeys.length > 0
      ? await authenticationOptions(relyingPartyOf(deps.publicUrl), passkeys)
      : undefined
  const session = await createStaffSession(deps.db, {
    staffId: person.id,
    stage: 'second_factor',
    challenge: passkey?.challenge ?? null,
    clientAddress: attempt.clientAddress,
    userAgent: attempt.userAgent,
    now,
  })
  return { outcome: 'second_factor', session, factors, passkey }
}

/** New passkey options for the waiting sign-in (a challenge is good for one answer). */
export async function newSignInOptions(
  deps: StaffDeps,
  waiting: StaffSession,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await authenticationOptions(
    relyingPartyOf(deps.publicUrl),
    await passkeysOf(deps.db, waiting.staffId),
  )
  await setSessionChallenge(deps.db, waiting.id, options.challenge)
  return options
}

export type SecondFactorAnswer =
  | { method: 'totp'; code: string }
  | { method: 'passkey'; credential: AuthenticationResponseJSON }

export type StaffSecondFactor =
  | { outcome: 'refused'; blockedUntil: Date | null; attemptsLeft?: number }
  | { outcome: 'signed_in'; session: IssuedSession; me: StaffMe }

/** A TOTP code of the person's app: right, and of a later step than the last one taken. */
async function totpRight(db: Queryable, staffId: number, code: string, now: Date) {
  const person = await findStaffById(db, staffId)
  const secret = person?.totpSecret ? openSecret(person.totpSecret) : null
  if (!person || !secret) return false
  const step = acceptedTotpStep(secret, code, now, person.totpLastStep)
  if (step === null) return false
  // Taken once: of two calls with the same code, only one moves the step on.
  const taken = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id })
  return taken.length > 0
}

async function passkeyRight(
  deps: StaffDeps,
  waiting: StaffSession,
  credential: AuthenticationResponseJSON,
  now: Date,
) {
  const challenge = waiting.challenge
  if (!challenge || !(await takeSessionChallenge(deps.db, waiting.id, challenge))) return false
  const [row] = await deps.db
    .select()
    .from(staffPasskeys)
    .where(
      and(
        eq(staffPasskeys.staffId, waiting.staffId),
        eq(staffPasskeys.credentialId, credential.id),
      ),
    )
  if (!row) return false
  const newCounter = await verifyAuthentication(
    relyingPartyOf(deps.publicUrl),
    credential,
    challenge,
    row,
  )
  if (newCounter === null) return false
  await deps.db
    .update(staffPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(eq(staffPasskeys.id, row.id))
  return true
}

/**
 * Whether the answer is the person's own second factor now: a TOTP code of a later step than the
 * last taken, or a passkey's answer to the challenge this session holds (taken once either way).
 */
export const secondFactorRight = (
  deps: StaffDeps,
  session: StaffSession,
  answer: SecondFactorAnswer,
  now: Date,
) =>
  answer.method === 'totp'
    ? totpRight(deps.db, session.staffId, answer.code, now)
    : passkeyRight(deps, session, answer.credential, now)

export async function completeSignIn(
  deps: StaffDeps,
  waiting: StaffSession,
  answer: SecondFactorAnswer,
  client: ClientFacts,
): Promise<StaffSecondFactor> {
  const now = deps.now()
  const check = await checkStaffLimited(
    deps.db,
    {
      subject: { staffId: waiting.staffId },
      email: waiting.email,
      kind: 'code',
      finishes: true,
      address: addressBucket(client.clientAddress),
      now,
    },
    () => secondFactorRight(deps, waiting, answer, now),
  )
  if (!check.ok) {
    // Blocked: this sign-in is over; after the block it starts again with the password.
    if (check.blockedUntil) await revokeStaffSessionById(deps.db, waiting.id, now)
    return {
      outcome: 'refused',
      blockedUntil: check.blockedUntil,
      attemptsLeft: check.attemptsLeft,
    }
  }
  return deps.db.transaction(async (tx) => {
    await revokeStaffSessionById(tx, waiting.id, now)
    return { outcome: 'signed_in' as const, ...(await signedIn(tx, waiting.staffId, client, now)) }
  })
}

// ---- enrolment ----

const hashLink = (link: string) => createHash('sha256').update(link).digest('hex')

/** The enrolment of a link that still works: unused, unexpired, its person active and not enrolled. */
async function liveEnrolment(db: Queryable, link: string, now: Date) {
  const [row] = await db
    .select({ enrolment: staffEnrolments, person: staff })
    .from(staffEnrolments)
    .innerJoin(staff, eq(staff.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, hashLink(link)),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
        eq(staff.status, 'active'),
        isNull(staff.enrolledAt),
      ),
    )
  return row
}

export const linkNotValid =
  'This enrolment link does not work any more (it was used, or it expired): ask an admin for a new one.'

export async function enrolmentOf(deps: StaffDeps, link: string) {
  const row = await liveEnrolment(deps.db, link, deps.now())
  return row
    ? { email: row.person.email, name: row.person.name, expiresAt: row.enrolment.expiresAt }
    : null
}

export type EnrolPassword =
  | { outcome: 'refused'; message: string }
  | { outcome: 'enrolling'; session: IssuedSession; email: string; name: string }

/**
 * Enrolment, step 1: the link and a new password. A refused password leaves the link as it was;
 * a good one uses it up (once: two calls at once get it once) and starts the enrolment session.
 */
export async function enrolPassword(
  deps: StaffDeps,
  input: { link: string; password: string } & ClientFacts,
): Promise<EnrolPassword> {
  const found = await liveEnrolment(deps.db, input.link, deps.now())
  if (!found) return { outcome: 'refused', message: linkNotValid }
  const problem = passwordProblem(input.password, found.person.email)
  if (problem) return { outcome: 'refused', message: problem }
  const passwordHash = await hashSecret(input.password)
  const now = deps.now()
  return deps.db.transaction(async (tx): Promise<EnrolPassword> => {
    const used = await tx
      .update(staffEnrolments)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffEnrolments.id, found.enrolment.id),
          isNull(staffEnrolments.usedAt),
          gt(staffEnrolments.expiresAt, now),
        ),
      )
      .returning({ id: staffEnrolments.id })
    if (used.length === 0) return { outcome: 'refused', message: linkNotValid }
    const personId = found.person.id
    await tx
      .update(staff)
      .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, lastFailedLoginAt: null })
      .where(eq(staff.id, personId))
    // An enrolment begun with an earlier link ends.
    await revokeStaffSessions(tx, personId, now)
    const session = await createStaffSession(tx, {
      staffId: personId,
      stage: 'enrolment',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
      now,
    })
    return { outcome: 'enrolling', session, email: found.person.email, name: found.person.name }
  })
}

/** The enrolment is over once a second factor is added: signed in from here. */
async function finishEnrolment(
  tx: Queryable,
  enrolling: StaffSession,
  client: ClientFacts,
  now: Date,
) {
  await tx
    .update(staff)
    .set({ enrolledAt: now })
    .where(and(eq(staff.id, enrolling.staffId), isNull(staff.enrolledAt)))
  await revokeStaffSessionById(tx, enrolling.id, now)
  return signedIn(tx, enrolling.staffId, client, now)
}

export type FactorAdded =
  | { outcome: 'refused'; message: string }
  | { outcome: 'added'; signedIn?: { session: IssuedSession; me: StaffMe } }

export async function passkeyRegistrationOptions(
  deps: StaffDeps,
  session: StaffSession,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const person = await findStaffById(deps.db, session.staffId)
  if (!person) throw new Error(`no member of staff ${session.staffId}`)
  const options = await registrationOptions(
    relyingPartyOf(deps.publicUrl),
    {
      rpName: `${bankName} staff`,
      handle: `staff-${person.id}`,
      userName: person.email,
      displayName: person.name,
    },
    await passkeysOf(deps.db, person.id),
    { residentKey: 'preferred', userVerification: 'preferred' },
  )
  await setSessionChallenge(deps.db, session.id, options.challenge)
  return options
}

export async function registerPasskey(
  deps: StaffDeps,
  session: StaffSession,
  credential: RegistrationResponseJSON,
  client: ClientFacts,
): Promise<FactorAdded> {
  const now = deps.now()
  const challenge = session.challenge
  const notVerified: FactorAdded = {
    outcome: 'refused',
    message: 'The passkey could not be checked. Please try again.',
  }
  if (!challenge || !(await takeSessionChallenge(deps.db, session.id, challenge)))
    return notVerified
  const passkey = await verifyRegistration(relyingPartyOf(deps.publicUrl), credential, challenge)
  if (!passkey) return notVerified
  return deps.db.transaction(async (tx): Promise<FactorAdded> => {
    if (!(await spendStepUp(tx, session, now))) return { outcome: 'refused', message: stepUpNeeded }
    const added = await tx
      .insert(staffPasskeys)
      .values({ staffId: session.staffId, ...passkey, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: staffPasskeys.id })
    if (added.length === 0)
      return { outcome: 'refused', message: 'This passkey is registered already.' }
    if (session.stage !== 'enrolment') return { outcome: 'added' }
    return { outcome: 'added', signedIn: await finishEnrolment(tx, session, client, now) }
  })
}

/** A new TOTP secret, pending until a code from it is confirmed; the only time it is shown. */
export async function beginTotp(deps: StaffDeps, session: StaffSession) {
  const secret = newTotpSecret()
  await deps.db
    .update(staff)
    .set({ totpPendingSecret: sealSecret(secret) })
    .where(eq(staff.id, session.staffId))
  const uri = totpUri(secret, session.email)
  return { uri, qrSvg: totpQrSvg(uri), secret }
}

export async function confirmTotp(
  deps: StaffDeps,
  session: StaffSession,
  code: string,
  client: ClientFacts,
): Promise<FactorAdded> {
  const now = deps.now()
  return deps.db.transaction(async (tx): Promise<FactorAdded> => {
    const [person] = await tx
      .select()
      .from(staff)
      .where(eq(staff.id, session.staffId))
      .for('update')
    const sealed = person?.totpPendingSecret
    const secret = sealed ? openSecret(sealed) : null
    if (!person || !sealed || !secret)
      return { outcome: 'refused', message: 'Start again: add the authenticator app first.' }
    const step = acceptedTotpStep(secret, code, now, null)
    if (step === null)
      return {
        outcome: 'refused',
        message: 'That code is not right. Check the time on your device and try the next code.',
      }
    if (!(await spendStepUp(tx, session, now))) return { outcome: 'refused', message: stepUpNeeded }
    await tx
      .update(staff)
      .set({ totpSecret: sealed, totpPendingSecret: null, totpLastStep: step })
      .where(eq(staff.id, person.id))
    if (session.stage !== 'enrolment') return { outcome: 'added' }
    return { outcome: 'added', signedIn: await finishEnrolment(tx, session, client, now) }
  })
}
