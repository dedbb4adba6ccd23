import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { derivedKey } from '../mail/sealed-body'

/**
 * Stored files (KYC documents, proofs of payment, profile pictures) are kept sealed with
 * AES-256-GCM under a key derived from MAIL_KEY (or DATA_DIR/mail.key) for this purpose alone,
 * so a copy of the database holds no readable document (docs/decisions/107). Every server of
 * one portal must have the same key. This module is the only place that knows the format:
 * a version byte, the 12-byte IV, the 16-byte tag, then the ciphertext.
 */
const version = 1
const purpose = 'meridian stored documents v1'
const ivLength = 12
const tagLength = 16
const headerLength = 1 + ivLength + tagLength

export class UnreadableDocument extends Error {}

export function sealDocument(bytes: Uint8Array): Uint8Array {
  const iv = randomBytes(ivLength)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(purpose), iv)
  const body = Buffer.concat([cipher.update(bytes), cipher.final()])
  return Buffer.concat([Buffer.of(version), iv, cipher.getAuthTag(), body])
}

/** The bytes as sealed; throws UnreadableDocument for another key or damaged bytes. */
export function openDocument(sealed: Uint8Array): Uint8Array {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)
  if (data.length < headerLength || data[0] !== version)
    throw new UnreadableDocument('not a sealed document')
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(purpose),
      data.subarray(1, 1 + ivLength),
    )
    decipher.setAuthTag(data.subarray(1 + ivLength, headerLength))
    return new Uint8Array(
      Buffer.concat([decipher.update(data.subarray(headerLength)), decipher.final()]),
    )
  } catch {
    throw new UnreadableDocument('the document cannot be opened with this key')
  }
}
