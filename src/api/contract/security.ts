import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  attemptsLeft,
  authorizationId,
  blockedUntil,
  checkbox,
  email,
  isoDate,
  numericId,
  passcode,
  plainString,
  statusAnswer,
} from './fields'
import { labelled } from './labels'
import { passkeyAnswer, passkeyRequestOptions } from './passkey-fields'
import { transferPayeeFields } from './payee-fields'
import { signInAnswer } from './sign-in-answer'
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

// ---- passkeys (docs/decisions/081) ----

/** What Settings' passkey steps answer after the passcode: its tries left, or its block. */
const passcodeStepAnswer = {
  ...statusAnswer.entries,
  attemptsLeft,
  blockedUntil,
}

const passkeyName = labelled(
  v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(60, 'must be at most 60 characters'),
  ),
  "The passkey's name",
)

const passkeyId = labelled(numericId, 'The passkey')
const currentPasscode = wire('c_pwd', labelled(passcode, 'Your passcode'))

/** WebAuthn creation options, as @simplewebauthn/browser takes them. */
const passkeyCreationOptions = v.object({
  challenge: v.string(),
  rp: v.object({ id: v.optional(v.string()), name: v.string() }),
  user: v.object({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.object({ alg: v.number(), type: v.string() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(
    v.array(
      v.object({
        id: v.string(),
        type: v.string(),
        transports: v.optional(v.array(v.string())),
      }),
    ),
  ),
  authenticatorSelection: v.optional(
    v.object({
      authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
      residentKey: v.optional(v.picklist(['required', 'preferred', 'discouraged'])),
      requireResidentKey: v.optional(v.boolean()),
      userVerification: v.optional(v.picklist(['required', 'preferred', 'discouraged'])),
    }),
  ),
  attestation: v.optional(v.string()),
  /**
   * WebAuthn extensions: Secure Payment Confirmation's `payment` when step 1 asked for it (082),
   * and `credProps`, which the library always asks for.
   */
  extensions: v.optional(
    v.object({
      payment: v.optional(v.object({ isPayment: v.boolean() })),
      credProps: v.optional(v.boolean()),
    }),
  ),
})

export const passkeyList = defineCall({
  wire: 'mypasskeys',
  kind: 'action',
  access: 'session',
  summary: "Settings: the customer's passkeys, with their names, when added and last used.",
  request: v.object({}),
  response: v.object({
    passkeys: v.array(
      v.object({
        id: v.number(),
        name: v.string(),
        createdAt: wire('created_at', isoDate),
        lastUsedAt: wire('last_used_at', v.nullable(isoDate)),
        /** Synced by a password manager to the customer's other devices. */
        synced: v.boolean(),
        /** Approves transfers in the browser's own payment dialog (082). */
        payments: v.boolean(),
      }),
    ),
  }),
})

export const passkeyRegistrationOptions = defineCall({
  wire: 'passkeynew',
  kind: 'action',
  access: 'session',
  summary:
    "Adding a passkey, step 1: the passcode again (under the login's limits), then the browser's creation options (a discoverable passkey, user verification required; with payment, for Secure Payment Confirmation too).",
  request: v.object({
    passcode: currentPasscode,
    /** The browser offers Secure Payment Confirmation: a payment passkey (decision 082). */
    payment: labelled(checkbox, 'A payment passkey'),
  }),
  response: v.object({ ...passcodeStepAnswer, options: v.optional(passkeyCreationOptions) }),
})

export const addPasskey = defineCall({
  wire: 'passkeyadd',
  kind: 'action',
  access: 'session',
  summary: "Adding a passkey, step 2: the browser's answer to step 1's challenge, and its name.",
  request: v.object({ credential: passkeyAnswer, name: passkeyName }),
  response: statusAnswer,
})

export const renamePasskey = defineCall({
  wire: 'passkeyrename',
  kind: 'action',
  access: 'session',
  summary: 'Renames one of the customer’s passkeys, after the passcode.',
  request: v.object({ passkey: passkeyId, name: passkeyName, passcode: currentPasscode }),
  response: v.object(passcodeStepAnswer),
})

export const removePasskey = defineCall({
  wire: 'passkeyremove',
  kind: 'action',
  access: 'session',
  summary:
    'Removes one of the customer’s passkeys, after the passcode: it signs nothing in from then on.',
  request: v.object({ passkey: passkeyId, passcode: currentPasscode }),
  response: v.object(passcodeStepAnswer),
})

export const passkeySignInOptions = defineCall({
  wire: 'passkeyoptions',
  kind: 'action',
  access: 'public',
  summary:
    'Login with a passkey, step 1: options for any passkey of this site the browser holds, and a challenge for the e-mail of step 1 (the same answer for every e-mail).',
  request: v.object({ email }),
  response: v.object({ options: passkeyRequestOptions }),
})

export const signInWithPasskey = defineCall({
  wire: 'userloginpasskey',
  kind: 'action',
  access: 'public',
  summary:
    "Login with a passkey, step 2: the browser's answer; one of the e-mail's customer's passkeys signing step 1's challenge signs in as userlogin does (same answers, same limits).",
  request: v.object({
    email,
    credential: passkeyAnswer,
    rememberMe: wire('remeber', labelled(checkbox, 'Remember me')),
  }),
  response: signInAnswer,
})

export const confirmTransferPasskey = defineCall({
  wire: 'confirmtpasskey',
  kind: 'action',
  access: 'session',
  summary:
    "A transfer's step-up with a passkey: the answer must sign the challenge derived from this authorization and exactly the amount, currency and payee it was made for; another amount or payee is refused. Wrong answers count with wrong codes.",
  request: v.object({
    authorization: authorizationId,
    credential: passkeyAnswer,
    amount,
    ...transferPayeeFields,
  }),
  response: v.object({ ...statusAnswer.entries }),
})
