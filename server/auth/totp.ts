import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { bankName } from '../mail/templates'

/**
 * TOTP (RFC 6238) for a member of staff without a passkey (docs/decisions/068): 6 digits, 30 s
 * steps, SHA-1 (what every authenticator app reads), a code from the step before or after also
 * taken for clock drift. A code is accepted once: the step it belongs to is kept, and a code of
 * that step or an earlier one is refused.
 */
const period = 30

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: `${bankName} staff`,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period,
  })

/** A new secret, 160 bits, in base32 (what the apps take typed). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, label: string) => totpFor(secret, label).toString()

/** The address as a QR code, an SVG document the console shows as an image. */
export const totpQrSvg = (uri: string) => renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 })

/** The code of the step `now` is in (for tests: what an authenticator app shows). */
export const totpCodeAt = (secret: string, now: Date) =>
  totpFor(secret, 'code').generate({ timestamp: now.getTime() })

/**
 * The step of a right code, if it is later than `lastStep` (the step of the last code taken);
 * null for a wrong code or one already used (or older than the last one used).
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const delta = totpFor(secret, 'check').validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  })
  if (delta === null) return null
  const step = TOTP.counter({ period, timestamp: now.getTime() }) + delta
  return lastStep !== null && step <= lastStep ? null : step
}
