import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { invalidCredentials, tooManyAttempts } from '../actions/messages'
import {
  liveStaffSessions,
  revokeStaffSessionByToken,
  revokeStaffSessions,
  staffSessionLifetimes,
  touchStaffSession,
} from '../auth/staff-sessions'
import {
  addStaff,
  changeStaffRoles,
  disableStaff,
  listStaff,
  resendEnrolment,
  resetStaffSignIn,
  rolesWait,
} from '../domain/staff'
import {
  beginTotp,
  completeSignIn,
  confirmTotp,
  enrolmentOf,
  enrolPassword,
  linkNotValid,
  meOf,
  newSignInOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  type SecondFactorAnswer,
  type StaffMe,
  signInStaff,
} from '../domain/staff-sign-in'
import { stepUp, stepUpOptions } from '../domain/staff-step-up'
import { ProtocolError } from '../rpc/protocol-error'
import { approvalHandlers } from './approval-handlers'
import { auditHandlers } from './audit-handlers'
import { broadcastHandlers } from './broadcast-handlers'
import { correctionHandlers } from './correction-handlers'
import { customerHandlers } from './customer-handlers'
import { figureHandlers } from './figure-handlers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'
import { kycHandlers } from './kyc-handlers'
import { moneyHandlers } from './money-handlers'
import { queueHandlers } from './queue-handlers'
import { settingsHandlers } from './settings-handlers'

/**
 * The staff console's calls (src/api/contract/staff): each maps its fields to one domain
 * function, called with the acting person, and its outcome to the answer. docs/decisions/068.
 */

const meAnswer = (me: StaffMe) => ({
  id: me.id,
  email: me.email,
  name: me.name,
  roles: me.roles,
  ends_at: me.endsAt.toISOString(),
  expires_at: me.expiresAt.toISOString(),
  passkeys: me.passkeys,
  totp: me.totp,
})

/** WebAuthn options as the contract types them: an object the browser's API takes. */
const asOptions = <T extends { challenge: string }>(options: T) =>
  options as T & Record<string, unknown>

/** A refused password or code, as the customers' sign-in says it. */
/** The second factor a form gave: a TOTP code, or the passkey's answer as the browser sent it. */
const secondFactorOf = (
  input: { method: 'totp'; code: string } | { method: 'passkey'; credential: unknown },
): SecondFactorAnswer =>
  input.method === 'totp'
    ? { method: 'totp', code: input.code }
    : { method: 'passkey', credential: input.credential as AuthenticationResponseJSON }

const refusedCheck = (
  refusal: { blockedUntil: Date | null; attemptsLeft?: number },
  now: Date,
  wrong: string,
) =>
  refusal.blockedUntil
    ? {
        status: false,
        message: tooManyAttempts(refusal.blockedUntil, now),
        blocked_until: refusal.blockedUntil.toISOString(),
      }
    : { status: false, message: wrong, attempts_left: refusal.attemptsLeft }

export const staffHandlers: StaffHandlers = {
  ...queueHandlers,
  ...kycHandlers,
  ...moneyHandlers,
  ...approvalHandlers,
  ...broadcastHandlers,
  ...settingsHandlers,
  ...customerHandlers,
  ...auditHandlers,
  ...figureHandlers,
  ...correctionHandlers,
  async signin({ input, deps, client, cookie }) {
    const signedIn = await signInStaff(deps, { ...input, ...client })
    switch (signedIn.outcome) {
      case 'refused':
        return refusedCheck(signedIn, deps.now(), invalidCredentials)
      case 'disabled':
        return { status: false, message: 'Your staff account is disabled. Ask an admin.' }
      case 'not_enrolled':
        return {
          status: false,
          message: 'Your enrolment is not finished: ask an admin for a new enrolment link.',
        }
      case 'second_factor':
        cookie.set(signedIn.session)
        return {
          status: true,
          message: 'Now your passkey or the code from your authenticator app.',
          factors: signedIn.factors,
          passkey: signedIn.passkey && asOptions(signedIn.passkey),
        }
    }
  },

  async signinoptions({ deps, session }) {
    return { passkey: asOptions(await newSignInOptions(deps, requireStaffSession(session))) }
  },

  async secondfactor({ input, deps, session, client, cookie }) {
    const answer = secondFactorOf(input)
    const done = await completeSignIn(deps, requireStaffSession(session), answer, client)
    if (done.outcome === 'refused') {
      if (done.blockedUntil) cookie.clear()
      return refusedCheck(
        done,
        deps.now(),
        input.method === 'totp'
          ? 'That code is not right, or it was used already: wait for the next one.'
          : 'The passkey was not accepted. Please try again.',
      )
    }
    cookie.set(done.session)
    return { status: true, message: 'Signed in.', me: meAnswer(done.me) }
  },

  async enrolcheck({ input, deps }) {
    const found = await enrolmentOf(deps, input.link)
    if (!found) return { status: false, message: linkNotValid }
    return {
      status: true,
      message: 'Choose your password.',
      email: found.email,
      name: found.name,
      expires_at: found.expiresAt.toISOString(),
    }
  },

  async enrolpassword({ input, deps, client, cookie }) {
    const enrolled = await enrolPassword(deps, { ...input, ...client })
    if (enrolled.outcome === 'refused') return { status: false, message: enrolled.message }
    cookie.set(enrolled.session)
    return {
      status: true,
      message: 'Your password is set. Now add a passkey, or an authenticator app.',
      email: enrolled.email,
      name: enrolled.name,
    }
  },

  async passkeyoptions({ deps, session }) {
    return {
      passkey: asOptions(await passkeyRegistrationOptions(deps, requireStaffSession(session))),
    }
  },

  async passkeyregister({ input, deps, session, client, cookie }) {
    const added = await registerPasskey(
      deps,
      requireStaffSession(session),
      input.credential as unknown as RegistrationResponseJSON,
      client,
    )
    if (added.outcome === 'refused') return { status: false, message: added.message }
    if (!added.signedIn) return { status: true, message: 'Your passkey is added.' }
    cookie.set(added.signedIn.session)
    return {
      status: true,
      message: 'Your passkey is added, and you are signed in.',
      me: meAnswer(added.signedIn.me),
    }
  },

  async stepupoptions({ deps, session }) {
    const passkey = await stepUpOptions(deps, requireStaffSession(session))
    return passkey ? { passkey: asOptions(passkey) } : {}
  },

  async stepup({ input, deps, session, client, cookie }) {
    const answer = secondFactorOf(input)
    const done = await stepUp(
      deps,
      requireStaffSession(session),
      { password: input.password, ...answer },
      client,
    )
    if (done.outcome === 'refused') {
      if (done.blockedUntil) cookie.clear()
      return refusedCheck(done, deps.now(), invalidCredentials)
    }
    return {
      status: true,
      message: 'Thank you. You may now add or replace a sign-in factor for the next 5 minutes.',
      until: done.until.toISOString(),
    }
  },

  async totpbegin({ deps, session }) {
    const begun = await beginTotp(deps, requireStaffSession(session))
    return { uri: begun.uri, qr_svg: begun.qrSvg, secret: begun.secret }
  },

  async totpconfirm({ input, deps, session, client, cookie }) {
    const added = await confirmTotp(deps, requireStaffSession(session), input.code, client)
    if (added.outcome === 'refused') return { status: false, message: added.message }
    if (!added.signedIn) return { status: true, message: 'Your authenticator app is set.' }
    cookie.set(added.signedIn.session)
    return {
      status: true,
      message: 'Your authenticator app is set, and you are signed in.',
      me: meAnswer(added.signedIn.me),
    }
  },

  async whoami({ deps, session }) {
    const { staffId, endsAt, expiresAt } = requireStaffSession(session)
    return meAnswer(await meOf(deps.db, staffId, { endsAt, expiresAt }))
  },

  async keepalive({ deps, session }) {
    const current = requireStaffSession(session)
    const now = deps.now()
    await touchStaffSession(deps.db, current.id, now)
    const idleEnd = new Date(now.getTime() + (staffSessionLifetimes.full.idleMs ?? 0))
    const endsAt = idleEnd < current.expiresAt ? idleEnd : current.expiresAt
    return { ends_at: endsAt.toISOString() }
  },

  async signout({ deps, cookie }) {
    if (cookie.token) await revokeStaffSessionByToken(deps.db, cookie.token, deps.now())
    cookie.clear()
    return { status: true }
  },

  async mysessions({ deps, session }) {
    const current = requireStaffSession(session)
    const rows = await liveStaffSessions(deps.db, current.staffId, deps.now())
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        client_address: row.clientAddress,
        user_agent: row.userAgent,
        current: row.id === current.id,
      })),
    }
  },

  async signoutothers({ deps, session }) {
    const current = requireStaffSession(session)
    const ended = await revokeStaffSessions(deps.db, current.staffId, deps.now(), current.id)
    return {
      status: true,
      message: `${ended} other session${ended === 1 ? '' : 's'} ended.`,
      ended,
    }
  },

  async stafflist({ deps, session }) {
    const listed = await listStaff(deps.db, actorOf(requireStaffSession(session)))
    // The dispatcher checked the roles already; the task checks them again, as from `ops`.
    if (!listed.ok) throw new ProtocolError(403, listed.message)
    return {
      staff: listed.staff.map((person) => ({
        id: person.id,
        email: person.email,
        name: person.name,
        roles: person.roles,
        status: person.status,
        enrolled: person.enrolled,
        passkeys: person.passkeys,
        totp: person.totp,
        created_at: person.createdAt.toISOString(),
      })),
    }
  },

  async staffadd({ input, deps, session }) {
    const added = await addStaff(deps, actorOf(requireStaffSession(session)), input)
    if (!added.ok) return { status: false, message: added.message }
    return {
      status: true,
      message: `${added.email} is added; the enrolment link is on its way (it works for 24 hours).${rolesWait(added.rolesWait)}`,
      id: added.id,
    }
  },

  async staffroles({ input, deps, session }) {
    const changed = await changeStaffRoles(deps, actorOf(requireStaffSession(session)), {
      staffId: Number(input.staff_id),
      roles: input.roles,
    })
    return { status: changed.ok, message: changed.message }
  },

  async staffdisable({ input, deps, session }) {
    const disabled = await disableStaff(deps, actorOf(requireStaffSession(session)), {
      staffId: Number(input.staff_id),
    })
    if (!disabled.ok) return { status: false, message: disabled.message }
    return { status: true, message: disabled.message, sessions_ended: disabled.sessionsEnded }
  },

  async staffresetsignin({ input, deps, session }) {
    const reset = await resetStaffSignIn(deps, actorOf(requireStaffSession(session)), {
      staffId: Number(input.staff_id),
    })
    return { status: reset.ok, message: reset.message }
  },

  async staffresend({ input, deps, session }) {
    const sent = await resendEnrolment(deps, actorOf(requireStaffSession(session)), {
      staffId: Number(input.staff_id),
    })
    if (!sent.ok) return { status: false, message: sent.message }
    return { status: true, message: `A new enrolment link is on its way to ${sent.email}.` }
  },
}
