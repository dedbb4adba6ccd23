import {
  type AuthenticationExtensionsClientInputs,
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

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, for members of staff (docs/decisions/068)
 * and customers (081). The relying party is the portal's public address: its host name is the
 * RP ID and its origin the only origin a passkey answer may come from. Attestation is not asked
 * for ('none'): the bank does not limit which authenticators people use. Staff use a passkey as
 * the second factor after the password, so user verification is preferred there; a customer's
 * passkey stands alone (sign-in, a transfer's approval), so it is required.
 */
export type UserVerification = 'required' | 'preferred'
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

/** Whose passkey is made: the name the browser shows and a stable handle without personal data. */
export interface PasskeyHolder {
  rpName: string
  /** Stable per person ("staff-12", "customer-34"), so one authenticator holds one passkey each. */
  handle: string
  userName: string
  displayName: string
}

/**
 * WebAuthn's `payment` extension (Secure Payment Confirmation, docs/decisions/082): the passkey
 * may then sign a `payment.get`, the browser's own dialog showing the amount and payee. The
 * library's types know only the extensions of WebAuthn itself.
 */
const paymentExtension = {
  payment: { isPayment: true },
} as AuthenticationExtensionsClientInputs

export function registrationOptions(
  rp: RelyingParty,
  holder: PasskeyHolder,
  existing: StoredPasskey[],
  selection: { residentKey: 'required' | 'preferred'; userVerification: UserVerification },
  options: { payment?: boolean } = {},
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    ...(options.payment ? { extensions: paymentExtension } : {}),
    rpName: holder.rpName,
    rpID: rp.id,
    userName: holder.userName,
    userDisplayName: holder.displayName,
    userID: new TextEncoder().encode(holder.handle),
    timeout: passkeyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports,
    })),
    // Chromium makes a payment passkey on the device's own authenticator only.
    authenticatorSelection: options.payment
      ? { ...selection, authenticatorAttachment: 'platform' }
      : selection,
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
  userVerification: UserVerification = 'preferred',
): Promise<RegisteredPasskey | null> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: userVerification === 'required',
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

/**
 * Options for an assertion with one of `passkeys` (none: any passkey of this site the browser
 * holds, found by the answer's credential id). `challenge`: one derived from what is approved
 * (a transfer, decision 081) instead of a random one.
 */
export function authenticationOptions(
  rp: RelyingParty,
  passkeys: StoredPasskey[],
  options: { userVerification?: UserVerification; challenge?: Uint8Array<ArrayBuffer> } = {},
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((key) => ({ id: key.credentialId, transports: key.transports })),
    timeout: passkeyTimeoutMs,
    userVerification: options.userVerification ?? 'preferred',
    ...(options.challenge ? { challenge: options.challenge } : {}),
  })
}

/**
 * What an assertion's client data says it is: `navigator.credentials.get`, or Secure Payment
 * Confirmation's `payment.get` (its client data then also holds what the browser showed).
 */
export type AssertionType = 'webauthn.get' | 'payment.get'

/** The passkey's new counter when the answer verifies with it; null otherwise (a replay too). */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
  userVerification: UserVerification = 'preferred',
  expectedType: AssertionType = 'webauthn.get',
): Promise<number | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedType,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: userVerification === 'required',
    })
    return verified.verified ? verified.authenticationInfo.newCounter : null
  } catch {
    return null
  }
}
