import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import * as v from 'valibot'
import { authenticationCredential, registrationCredential } from '#api/contract/staff/fields'

/**
 * A customer's passkey answer arrives as one JSON text field (src/api/contract/passkey-fields.ts)
 * and is read here with the schemas the staff console's answers have, so the customers'
 * contract carries no JSON parsing into the browser (docs/decisions/081).
 */
export function authenticationAnswerOf(text: string): AuthenticationResponseJSON | null {
  const parsed = v.safeParse(authenticationCredential, text)
  return parsed.success ? (parsed.output as AuthenticationResponseJSON) : null
}

export function registrationAnswerOf(text: string): RegistrationResponseJSON | null {
  const parsed = v.safeParse(registrationCredential, text)
  return parsed.success ? (parsed.output as RegistrationResponseJSON) : null
}

/** An answer that signs nothing: what a sign-in checks when the browser's could not be read. */
export const unreadableAnswer: AuthenticationResponseJSON = {
  id: '',
  rawId: '',
  type: 'public-key',
  response: { clientDataJSON: '', authenticatorData: '', signature: '' },
  clientExtensionResults: {},
}
