import { sessionIdleOptions } from '../auth/sessions'
import {
  devicesOf,
  signOutDevice as forgetDevice,
  signOutOtherDevices as forgetOtherDevices,
} from '../domain/customer-devices'
import { recordSecurityEvent, securityLogOf } from '../domain/security-log'
import { reportNotMe as secureAccount } from '../domain/sign-in-alerts'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

/**
 * The customer's devices, sessions and security log in Settings, and "This wasn't me" from a
 * new sign-in's e-mail (issue 19 items 4 to 6, docs/decisions/080).
 */
export const messages = {
  deviceSignedOut: 'That device is signed out.',
  deviceGone: 'That device is not signed in any more.',
  othersSignedOut: (count: number) =>
    count === 0
      ? 'No other device was signed in.'
      : `${count} other ${count === 1 ? 'device was' : 'devices were'} signed out.`,
  secured:
    'Every device signed in to your account is signed out. We have e-mailed you a code to choose a new passcode.',
  linkDead:
    'This link does not work any more (it was used, or it is older than 7 days). If you think someone else signed in, reset your passcode.',
} as const

export const deviceList: Handler<'deviceList'> = async ({ deps, session }) => {
  const active = requireSession(session)
  const devices = await devicesOf(
    deps.db,
    { userId: active.userId, deviceId: active.deviceId },
    deps.now(),
    sessionIdleOptions(deps),
  )
  return {
    devices: devices.map((device) => ({
      ...device,
      firstSeen: device.firstSeen.toISOString(),
      lastSeen: device.lastSeen.toISOString(),
      rememberedUntil: device.rememberedUntil?.toISOString() ?? null,
    })),
  }
}

export const signOutDevice: Handler<'signOutDevice'> = async ({
  input,
  deps,
  session,
  userAgent,
  clientAddress,
}) => {
  const active = requireSession(session)
  const now = deps.now()
  const signedOut = await deps.db.transaction(async (tx) => {
    if (!(await forgetDevice(tx, active.userId, Number(input.device), now))) return false
    await recordSecurityEvent(tx, {
      userId: active.userId,
      kind: 'device_signed_out',
      userAgent,
      clientAddress,
      at: now,
    })
    return true
  })
  return signedOut
    ? { status: true, message: messages.deviceSignedOut }
    : { status: false, message: messages.deviceGone }
}

export const signOutOtherDevices: Handler<'signOutOtherDevices'> = async ({
  deps,
  session,
  userAgent,
  clientAddress,
}) => {
  const active = requireSession(session)
  const now = deps.now()
  const count = await deps.db.transaction(async (tx) => {
    const forgotten = await forgetOtherDevices(
      tx,
      { userId: active.userId, sessionId: active.id, deviceId: active.deviceId },
      now,
    )
    await recordSecurityEvent(tx, {
      userId: active.userId,
      kind: 'other_devices_signed_out',
      userAgent,
      clientAddress,
      at: now,
    })
    return forgotten
  })
  return { status: true, message: messages.othersSignedOut(count) }
}

export const securityLog: Handler<'securityLog'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const events = await securityLogOf(deps.db, userId)
  return {
    events: events.map((event) => ({
      id: event.id,
      what: event.what,
      at: event.at.toISOString(),
      device: event.device ? `${event.device.browser} on ${event.device.os}` : null,
      address: event.address,
    })),
  }
}

export const reportNotMe: Handler<'reportNotMe'> = async ({ input, deps }) => {
  const report = await secureAccount(deps, input.report)
  return report.outcome === 'secured'
    ? { status: true, message: messages.secured, email: report.email }
    : { status: false, message: messages.linkDead }
}
