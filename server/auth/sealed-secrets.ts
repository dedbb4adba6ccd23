import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { derivedKey } from '../mail/sealed-body'

/**
 * Secrets the server must read back (a member of staff's TOTP secret), sealed with AES-256-GCM
 * under a key derived from MAIL_KEY (or DATA_DIR/mail.key) for this purpose alone, so the
 * database holds no usable secret. A new MAIL_KEY makes the sealed secrets unreadable: those
 * people add their authenticator app again (docs/decisions/068).
 */
const version = 't1'
const purpose = 'meridian staff totp secret v1'

export function sealSecret(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(purpose), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [version, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The secret, or null when it cannot be opened (another key, a damaged value). */
export function openSecret(sealed: string): string | null {
  const [tag, iv, authTag, data] = sealed.split('.')
  if (tag !== version || !iv || !authTag || data === undefined) return null
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(purpose),
      Buffer.from(iv, 'base64url'),
    )
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}
