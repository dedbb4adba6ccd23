import { isTicked } from '#api/contract/fields'
import { accountLockout } from '../auth/account-lockout'
import { pinLockout } from '../auth/secret-lockouts'
import { changePasscode as replacePasscode } from '../domain/passcodes'
import { changePin } from '../domain/transaction-pins'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { attemptsLeftText, tooManyAttempts } from './messages'

/**
 * Settings: changing the passcode (`updatepwd`) and the PIN (`supdatepin`) with the current one.
 * The current passcode counts against the login lockout and the address limit (the same rules
 * as login), the current PIN against the transfers' PIN lockout; each wrong answer says how many tries are
 * left, the block says until when. A new passcode ends every other session of the customer when
 * asked to (docs/decisions/080).
 * See docs/decisions/028-attempts-left-and-secret-changes.md.
 */
export const mismatch = 'Password Mismatch'
export const passcodeChanged = (othersSignedOut: boolean) =>
  othersSignedOut
    ? 'Your passcode has been changed. Every other device signed in to your account was signed out.'
    : 'Your passcode has been changed.'
export const pinChanged = 'Your transaction PIN has been changed.'
export const noPinYet = 'You have no transaction PIN yet. Create one first.'

const blockMinutes = (blockMs: number) => blockMs / 60_000

const blocked = (until: Date, now: Date) => ({
  status: false,
  message: tooManyAttempts(until, now),
  blockedUntil: until.toISOString(),
})

const wrong = (what: string, left: number, blockMs: number) => ({
  status: false,
  message: `${what} ${attemptsLeftText(left, blockMinutes(blockMs))}`,
  attemptsLeft: left,
})

export const changePasscode: Handler<'changePasscode'> = async ({
  input,
  deps,
  session,
  clientAddress,
}) => {
  const active = requireSession(session)
  if (input.next !== input.confirmation) return { status: false, message: mismatch }
  const signOutOthers = isTicked(input.signOutOthers)
  const change = await replacePasscode(
    deps,
    { userId: active.userId, sessionId: active.id, deviceId: active.deviceId, clientAddress },
    { current: input.current, next: input.next, signOutOthers },
  )
  switch (change.outcome) {
    case 'unchanged':
      return { status: false, message: 'The new passcode must differ from the current one.' }
    case 'signed out':
      throw new ProtocolError(401, sessionEnded)
    case 'refused':
      if (change.blockedUntil) return blocked(change.blockedUntil, change.now)
      return wrong(
        'The current passcode is wrong.',
        change.attemptsLeft ?? 0,
        accountLockout.blockMs,
      )
    case 'changed':
      return { status: true, message: passcodeChanged(signOutOthers) }
  }
}

export const changeTransferPin: Handler<'changeTransferPin'> = async ({ input, deps, session }) => {
  const active = requireSession(session)
  if (input.next !== input.confirmation) return { status: false, message: mismatch }
  const change = await changePin(deps, active.userId, { current: input.current, next: input.next })
  if (change.outcome === 'signed out') throw new ProtocolError(401, sessionEnded)
  if (change.outcome === 'changed') return { status: true, message: pinChanged }
  const { check, now } = change
  if (check.reason === 'no-pin') return { status: false, message: noPinYet }
  if (check.reason === 'blocked') return blocked(check.blockedUntil, now)
  if (check.blockedUntil) return blocked(check.blockedUntil, now)
  return wrong('The current PIN is wrong.', check.triesLeft, pinLockout.blockMs)
}
