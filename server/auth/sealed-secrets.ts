import { open, type SealedKind, seal } from '../keys/sealing'

/**
 * Secrets the server must read back (a member of staff's TOTP secret), sealed with AES-256-GCM
 * under a key derived for this purpose alone from each key of the ring (keys/key-ring.ts), so
 * the database holds no usable secret. Each names the key that sealed it; `keys rotate` seals
 * them again under the newest (docs/decisions/068, 105).
 */
export const totpSecretKind: SealedKind = {
  tag: 't2',
  legacyTag: 't1',
  purpose: 'meridian staff totp secret v1',
}

export const sealSecret = (secret: string) => seal(totpSecretKind, secret)

/** The secret, or null when it cannot be opened (a damaged value, a key not in the ring). */
export function openSecret(sealed: string): string | null {
  try {
    return open(totpSecretKind, sealed)
  } catch {
    return null
  }
}
