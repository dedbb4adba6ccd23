import * as v from 'valibot'
import { defineCall } from './define'
import { isoDate, numericId, plainString, statusAnswer } from './fields'
import { labelled } from './labels'
import { wire } from './wire-fields'

/**
 * The customer's security (issue 19, docs/decisions/080): the remembered device, its sessions
 * and the sign-in extras. Not in the original spec. The app's client loads these schemas apart
 * from the rest (src/api/client-wire-security.ts), when one of them is first called.
 */

export const rememberedDevice = defineCall({
  wire: 'mydevice',
  kind: 'action',
  access: 'public',
  summary:
    'Login: the e-mail of the customer this browser remembers (Remember me ticked at a sign-in here, 30 days, the HttpOnly device cookie), to fill in step 1; null on any other browser.',
  request: v.object({}),
  response: v.object({ email: v.nullable(v.string()) }),
})

const device = v.object({
  id: v.number(),
  /** "Firefox 128", from the User-Agent of its last sign-in. */
  browser: v.string(),
  os: v.string(),
  firstSeen: wire('first_seen', isoDate),
  lastSeen: wire('last_seen', isoDate),
  /** Remember me: remembered until then; null when it ends with the browser or the logout. */
  rememberedUntil: wire('remembered_until', v.nullable(isoDate)),
  /** A signed-in session is open on it. */
  signedIn: wire('signed_in', v.boolean()),
  /** The device asking. */
  current: v.boolean(),
})

export const deviceList = defineCall({
  wire: 'mydevices',
  kind: 'action',
  access: 'session',
  summary:
    "Settings: the customer's devices with a session open or remembered (browser, system, first and last seen, this one marked).",
  request: v.object({}),
  response: v.object({ devices: v.array(device) }),
})

export const signOutDevice = defineCall({
  wire: 'devicesignout',
  kind: 'action',
  access: 'session',
  summary: "Signs one of the customer's devices out: its sessions end and it is forgotten.",
  request: v.object({ device: labelled(numericId, 'The device') }),
  response: statusAnswer,
})

export const signOutOtherDevices = defineCall({
  wire: 'devicesignoutothers',
  kind: 'action',
  access: 'session',
  summary:
    'Sign out everywhere else: every other session ends and every other device is forgotten.',
  request: v.object({}),
  response: statusAnswer,
})

export const securityLog = defineCall({
  wire: 'securitylog',
  kind: 'action',
  access: 'session',
  summary:
    "Settings: the customer's last 50 security events, newest first: sign-ins, failed attempts, devices signed out, passcode, PIN, e-mail and passkey changes.",
  request: v.object({}),
  response: v.object({
    events: v.array(
      v.object({
        id: v.number(),
        /** In the customer's words: "Signed in", "Passcode changed". */
        what: v.string(),
        at: isoDate,
        /** "Firefox 128 on Linux", where the event came from a browser. */
        device: v.nullable(v.string()),
        address: v.nullable(v.string()),
      }),
    ),
  }),
})

export const reportNotMe = defineCall({
  wire: 'notme',
  kind: 'action',
  access: 'public',
  summary:
    '"This wasn\'t me", from a new sign-in\'s e-mail: every session of the customer ends, every device is forgotten and a passcode reset code is e-mailed. The link works once, for 7 days.',
  request: v.object({
    report: labelled(
      v.pipe(
        plainString(),
        v.trim(),
        v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the one in your e-mail'),
      ),
      'The link',
    ),
  }),
  response: v.object({ ...statusAnswer.entries, email: v.optional(v.string()) }),
})
