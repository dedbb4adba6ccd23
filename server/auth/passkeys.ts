import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { bankName } from '../mail/templates'

/**
 * Passkeys (WebAuthn) of members of staff, through @simplewebauthn/server (docs/decisions/068).
 * The relying party is the portal's public address: its host name is the RP ID and its origin
 * the only origin a passkey answer may come from. Attestation is not asked for ('none'): the bank
 * does not limit which authenticators staff use. The password is the first factor, so a passkey
 * is the second as something the person has; user verification is asked for, not required.
 */
export interface RelyingParty {
  id: string
  origin: string
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin }
}

/** A stored passkey, as the staff_passkeys row keeps it. */
export interface StoredPasskey {
  credentialId: string
  publicKey: string
  counter: number
  transports: string[]
}

/** How long the browser may take over a passkey, and the challenge with it. */
export const passkeyTimeoutMs = 5 * 60_000

export function registrationOptions(
  rp: RelyingParty,
  person: { id: number; email: string; name: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: `${bankName} staff`,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    // Stable per person (no personal data), so one authenticator holds one passkey for them.
    userID: new TextEncoder().encode(`staff-${person.id}`),
    timeout: passkeyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
}

export type RegisteredPasskey = StoredPasskey & {
  deviceType: 'singleDevice' | 'multiDevice'
  backedUp: boolean
}

/** The new passkey, or null when the answer does not verify against the challenge. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<RegisteredPasskey | null> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    })
    if (!verified.verified) return null
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    }
  } catch {
    return null
  }
}

export function authenticationOptions(
  rp: RelyingParty,
  passkeys: StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((key) => ({ id: key.credentialId, transports: key.transports })),
    timeout: passkeyTimeoutMs,
    userVerification: 'preferred',
  })
}

/** The passkey's new counter when the answer verifies with it; null otherwise (a replay too). */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    })
    return verified.verified ? verified.authenticationInfo.newCounter : null
  } catch {
    return null
  }
}
