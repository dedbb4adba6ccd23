import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { type KeyRing, keyRing } from '../keys/key-ring'
import { derivedKeys } from '../keys/sealing'

/**
 * Stored files (KYC documents, proofs of payment, profile pictures) are kept sealed with
 * AES-256-GCM under a key derived for this purpose alone from a key of the ring (key-ring.ts),
 * so a copy of the database holds no readable document (docs/decisions/105, 107). The row names
 * the key that sealed it (`stored_file_contents.key_id`); this module is the only place that
 * knows the format: a version byte, the 12-byte IV, the 16-byte tag, then the ciphertext.
 */
const version = 2
const purpose = 'meridian stored documents v1'
const ivLength = 12
const tagLength = 16
const headerLength = 1 + ivLength + tagLength

export class UnreadableDocument extends Error {}

const keyOf = (keyId: string, ring: KeyRing) => {
  const index = ring.keys.findIndex((key) => key.id === keyId)
  if (index < 0) throw new UnreadableDocument(`sealed under key ${keyId}, not in the key ring`)
  return derivedKeys(purpose, ring)[index] as Buffer
}

/** The bytes sealed under the ring's newest key, and that key's id. */
export function sealDocument(
  bytes: Uint8Array,
  ring: KeyRing = keyRing(),
): { keyId: string; sealed: Uint8Array } {
  const iv = randomBytes(ivLength)
  const cipher = createCipheriv('aes-256-gcm', keyOf(ring.newest.id, ring), iv)
  const body = Buffer.concat([cipher.update(bytes), cipher.final()])
  return {
    keyId: ring.newest.id,
    sealed: Buffer.concat([Buffer.of(version), iv, cipher.getAuthTag(), body]),
  }
}

/** The bytes as sealed under `keyId`; throws UnreadableDocument for another key or damage. */
export function openDocument(
  keyId: string,
  sealed: Uint8Array,
  ring: KeyRing = keyRing(),
): Uint8Array {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)
  if (data.length < headerLength || data[0] !== version)
    throw new UnreadableDocument('not a sealed document')
  const key = keyOf(keyId, ring)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(1, 1 + ivLength))
    decipher.setAuthTag(data.subarray(1 + ivLength, headerLength))
    return new Uint8Array(
      Buffer.concat([decipher.update(data.subarray(headerLength)), decipher.final()]),
    )
  } catch {
    throw new UnreadableDocument('the document cannot be opened with this key')
  }
}
