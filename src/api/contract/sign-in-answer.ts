import * as v from 'valibot'
import { wire } from './wire-fields'

export const verificationStatus = v.picklist([
  'Not Verified',
  'Pending Verification',
  'Verified',
  'Declined',
])
export const role = v.picklist(['admin', 'customer'])

/** What a sign-in answers, with the passcode (userlogin) or a passkey (userloginpasskey). */
export const signInAnswer = v.object({
  error: v.boolean(),
  message: v.string(),
  verified: v.optional(v.boolean()),
  verificationStatus: wire('verification_status', v.optional(verificationStatus)),
  submitted: v.optional(v.boolean()),
  email: v.optional(v.string()),
  role: v.optional(role),
  /** An account notice blocks the account: the jwt reads only the notice (getsinfo). */
  hasNotice: wire('ismsg', v.optional(v.boolean())),
  jwt: v.optional(v.string()),
  /** Wrong passcode: tries left before the 15-minute block. */
  attemptsLeft: wire('attempts_left', v.optional(v.number())),
  /** Blocked: until when (ISO 8601). */
  blockedUntil: wire('blocked_until', v.optional(v.string())),
})
