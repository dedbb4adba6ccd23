import * as v from 'valibot'
import { digits, isoDate, numericId, plainString, secret, statusAnswer } from '../fields'
import { labelled } from '../labels'
import { secondFactors, staffRoles } from './roles'

/** The fields and answers the staff calls share. */

export const password = labelled(secret, 'Your password')

/** The smallest new password (docs/decisions/068); the server also refuses common ones. */
export const minimumPasswordLength = 12

export const newPassword = labelled(
  v.pipe(
    plainString(),
    v.nonEmpty('is required'),
    v.minLength(minimumPasswordLength, `must be at least ${minimumPasswordLength} characters`),
    v.maxLength(128, 'must be at most 128 characters'),
  ),
  'Your new password',
)

/** The token of an enrolment link: what follows `#` in /wp-admin/enrol#…. */
export const enrolmentLink = labelled(
  v.pipe(plainString(), v.trim(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the one in your e-mail')),
  'The enrolment link',
)

export const totpCode = labelled(digits(6), 'The code from your authenticator app')

const notAPasskeyAnswer = 'must be what your passkey answered'
const part = () => v.string(notAPasskeyAnswer)

/** A WebAuthn answer as @simplewebauthn/browser gives it, sent as one JSON text field. */
const webAuthnJson = <const E extends v.ObjectEntries>(response: E) =>
  labelled(
    v.pipe(
      plainString(),
      v.maxLength(16_384, notAPasskeyAnswer),
      v.parseJson(undefined, notAPasskeyAnswer),
      v.looseObject(
        {
          id: part(),
          rawId: part(),
          type: v.literal('public-key', notAPasskeyAnswer),
          response: v.looseObject(response, notAPasskeyAnswer),
          clientExtensionResults: v.optional(v.looseObject({}, notAPasskeyAnswer), {}),
          authenticatorAttachment: v.optional(part()),
        },
        notAPasskeyAnswer,
      ),
    ),
    "Your passkey's answer",
  )

export const registrationCredential = webAuthnJson({
  clientDataJSON: part(),
  attestationObject: part(),
  transports: v.optional(v.array(part(), notAPasskeyAnswer)),
})

export const authenticationCredential = webAuthnJson({
  clientDataJSON: part(),
  authenticatorData: part(),
  signature: part(),
  userHandle: v.optional(part()),
})

export const staffName = labelled(
  v.pipe(
    plainString(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(100, 'must be at most 100 characters'),
  ),
  'The name',
)

/** Roles separated by commas ("kyc,payments"), each one of staffRoles, at least one. */
export const roleList = labelled(
  v.pipe(
    plainString(),
    v.transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((role) => role.trim())
          .filter((role) => role !== ''),
      ),
    ]),
    v.minLength(1, `must name at least one of ${staffRoles.join(', ')}`),
    v.array(v.picklist(staffRoles, `must each be one of ${staffRoles.join(', ')}`)),
  ),
  'The roles',
)

export const staffId = labelled(numericId, 'The member of staff')

export const role = v.picklist(staffRoles)
export const secondFactor = v.picklist(secondFactors)

/** Refusals say why, as the customer calls do: `{ status: false, message }`. */
export { statusAnswer }

/** A refused password or code: tries left before the block, or until when it is blocked. */
export const checkedAnswer = v.object({
  ...statusAnswer.entries,
  attempts_left: v.optional(v.number()),
  blocked_until: v.optional(isoDate),
})

/** WebAuthn options for the browser's navigator.credentials (as @simplewebauthn/server gives them). */
export const webAuthnOptions = v.looseObject({ challenge: v.string() })

/** The signed-in person, as the console shows them. */
export const me = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  roles: v.array(role),
  /** When the session ends without activity (its absolute end at the latest). */
  ends_at: isoDate,
  /** When the session ends at the latest (8 h after sign-in). */
  expires_at: isoDate,
  passkeys: v.number(),
  totp: v.boolean(),
})

export { isoDate }
