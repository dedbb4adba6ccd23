import * as v from 'valibot'
import { email } from '../fields'
import { labelled } from '../labels'
import { defineStaffCall } from './define'
import {
  authenticationCredential,
  checkedAnswer,
  enrolmentLink,
  isoDate,
  me,
  newPassword,
  password,
  registrationCredential,
  secondFactor,
  statusAnswer,
  totpCode,
  webAuthnOptions,
} from './fields'

/** Signing in to the console and enrolling (docs/decisions/068). */

export const signin = defineStaffCall({
  access: 'public',
  roles: 'any',
  summary:
    'Sign-in, step 1: the e-mail and password. Right: the cookie of a sign-in waiting for its second factor (5 minutes), the factors the person has, and passkey options when they have a passkey.',
  request: v.object({ email, password }),
  response: v.object({
    ...checkedAnswer.entries,
    factors: v.optional(v.array(secondFactor)),
    passkey: v.optional(webAuthnOptions),
  }),
})

export const signinoptions = defineStaffCall({
  access: 'second_factor',
  roles: 'any',
  summary:
    'New passkey options for step 2 (each challenge is good for one answer): after a passkey the browser could not use, or a refused one.',
  request: v.object({}),
  response: v.object({ passkey: webAuthnOptions }),
})

export const secondfactor = defineStaffCall({
  access: 'second_factor',
  roles: 'any',
  summary:
    'Sign-in, step 2, always needed: a passkey answer or a TOTP code. Right: the signed-in cookie (idle 15 minutes, 8 hours at most) in place of the waiting one. Wrong ones count towards the same lockout as the password.',
  request: v.variant(
    'method',
    [
      v.object({
        method: labelled(v.literal('passkey'), 'The second factor'),
        credential: authenticationCredential,
      }),
      v.object({ method: labelled(v.literal('totp'), 'The second factor'), code: totpCode }),
    ],
    'must be passkey or totp',
  ),
  response: v.object({ ...checkedAnswer.entries, me: v.optional(me) }),
})

export const enrolcheck = defineStaffCall({
  access: 'public',
  roles: 'any',
  summary:
    'Who an enrolment link is for, and until when it works, without using it up; a used, expired or unknown link answers status false.',
  request: v.object({ link: enrolmentLink }),
  response: v.object({
    ...statusAnswer.entries,
    email: v.optional(v.string()),
    name: v.optional(v.string()),
    expires_at: v.optional(isoDate),
  }),
})

export const enrolpassword = defineStaffCall({
  access: 'public',
  roles: 'any',
  summary:
    'Enrolment, step 1: the link from the e-mail and a new password (at least 12 characters, not a common one). Uses the link up, and sets the cookie of the enrolment (30 minutes), in which a passkey or an authenticator app is added.',
  request: v.object({ link: enrolmentLink, password: newPassword }),
  response: v.object({
    ...statusAnswer.entries,
    email: v.optional(v.string()),
    name: v.optional(v.string()),
  }),
})

export const passkeyoptions = defineStaffCall({
  access: 'setup',
  roles: 'any',
  summary:
    "Options to create a passkey (navigator.credentials.create), naming the person's passkeys so the same one is not added twice.",
  request: v.object({}),
  response: v.object({ passkey: webAuthnOptions }),
})

export const passkeyregister = defineStaffCall({
  access: 'setup',
  roles: 'any',
  audit: 'passkey add',
  summary:
    "Adds the passkey the browser created with the options. During enrolment this finishes it: the enrolment's cookie is replaced by a signed-in one.",
  request: v.object({ credential: registrationCredential }),
  response: v.object({ ...statusAnswer.entries, me: v.optional(me) }),
})

export const stepupoptions = defineStaffCall({
  access: 'staff',
  roles: 'any',
  summary:
    "Passkey options (navigator.credentials.get) for the step-up: the person's own passkeys, a challenge good for one answer.",
  request: v.object({}),
  response: v.object({ passkey: v.optional(webAuthnOptions) }),
})

export const stepup = defineStaffCall({
  access: 'staff',
  roles: 'any',
  audit: 'sign-in step-up',
  summary:
    'Before a signed-in person adds or replaces a sign-in factor: their password and their current second factor again (a passkey answer or a TOTP code). Right: for 5 minutes this session may make one such change. Wrong ones count towards the sign-in lockout, which also ends this session.',
  request: v.variant(
    'method',
    [
      v.object({
        password,
        method: labelled(v.literal('passkey'), 'Your current second factor'),
        credential: authenticationCredential,
      }),
      v.object({
        password,
        method: labelled(v.literal('totp'), 'Your current second factor'),
        code: totpCode,
      }),
    ],
    'must be passkey or totp',
  ),
  response: v.object({ ...checkedAnswer.entries, until: v.optional(isoDate) }),
})

export const totpbegin = defineStaffCall({
  access: 'setup',
  roles: 'any',
  summary:
    'A new TOTP secret for an authenticator app, shown this once: the otpauth:// address, the same as a QR code (SVG) and the secret to type. It counts only once a code from it is confirmed. Signed in, only after a step-up (stepup).',
  request: v.object({}),
  response: v.object({ uri: v.string(), qr_svg: v.string(), secret: v.string() }),
})

export const totpconfirm = defineStaffCall({
  access: 'setup',
  roles: 'any',
  audit: 'totp set',
  summary:
    "Confirms the new TOTP secret with a code from the app; it replaces any earlier one. During enrolment this finishes it, as a passkey's does. Signed in, only after a step-up, which it uses up.",
  request: v.object({ code: totpCode }),
  response: v.object({ ...statusAnswer.entries, me: v.optional(me) }),
})
