import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import { addressBucket } from '../auth/client-address'
import { authenticationOptions, relyingPartyOf } from '../auth/passkeys'
import { verifySecret } from '../auth/secrets'
import { checkStaffLimited } from '../auth/staff-checks'
import {
  revokeStaffSessionById,
  type StaffSession,
  setSessionChallenge,
  stepUpLifetimeMs,
} from '../auth/staff-sessions'
import { staffSessions } from '../db/schema'
import { findStaffById, type StaffDeps } from './staff'
import {
  type ClientFacts,
  passkeysOf,
  type SecondFactorAnswer,
  secondFactorRight,
} from './staff-sign-in'

/**
 * A signed-in person adds or replaces a sign-in factor only after giving their password and a
 * current factor again (issue 32, docs/decisions/098): whoever finds an unlocked console cannot
 * make themselves a way back in. The step-up lets this session make one such change within
 * `stepUpLifetimeMs`; the change uses it up (auth/staff-sessions.ts). Wrong answers count
 * towards the sign-in lockout, and a lockout ends this session.
 */
/** Passkey options for the step-up, the challenge kept on this session; none without a passkey. */
export async function stepUpOptions(
  deps: StaffDeps,
  session: StaffSession,
): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const passkeys = await passkeysOf(deps.db, session.staffId)
  if (passkeys.length === 0) return undefined
  const options = await authenticationOptions(relyingPartyOf(deps.publicUrl), passkeys)
  await setSessionChallenge(deps.db, session.id, options.challenge)
  return options
}

export type StepUp =
  | { outcome: 'refused'; blockedUntil: Date | null; attemptsLeft?: number }
  | { outcome: 'confirmed'; until: Date }

export async function stepUp(
  deps: StaffDeps,
  session: StaffSession,
  answer: { password: string } & SecondFactorAnswer,
  client: ClientFacts,
): Promise<StepUp> {
  const now = deps.now()
  const person = await findStaffById(deps.db, session.staffId)
  if (!person?.passwordHash) throw new Error(`member of staff ${session.staffId} has no password`)
  const passwordHash = person.passwordHash
  const attempt = {
    subject: { staffId: person.id },
    email: person.email,
    address: addressBucket(client.clientAddress),
    now,
  }
  const password = await checkStaffLimited(
    deps.db,
    { ...attempt, kind: 'passcode', finishes: false },
    () => verifySecret(passwordHash, answer.password),
  )
  const factor = password.ok
    ? await checkStaffLimited(deps.db, { ...attempt, kind: 'code', finishes: true }, () =>
        secondFactorRight(deps, session, answer, now),
      )
    : password
  if (!factor.ok) {
    if (factor.blockedUntil) await revokeStaffSessionById(deps.db, session.id, now)
    return {
      outcome: 'refused',
      blockedUntil: factor.blockedUntil,
      attemptsLeft: factor.attemptsLeft,
    }
  }
  const until = new Date(now.getTime() + stepUpLifetimeMs)
  await deps.db
    .update(staffSessions)
    .set({ stepUpUntil: until })
    .where(eq(staffSessions.id, session.id))
  return { outcome: 'confirmed', until }
}
