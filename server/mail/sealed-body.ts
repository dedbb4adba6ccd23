import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * E-mail bodies carry live codes and reset links, so the outbox keeps them sealed (AES-256-GCM)
 * with a key that never enters the database: `MAIL_KEY`, or `DATA_DIR/mail.key` (created on
 * first start, mode 0600). One key per process, loaded at start by the server and the operator
 * commands. See docs/decisions/022-mail-bodies-at-rest.md.
 */

const version = 'v1'
let processKey: Buffer | null = null

/** The key from the setting, or from DATA_DIR/mail.key (made on first use, owner-only). */
export async function loadMailKey(options: {
  dataDir: string
  mailKey: string | undefined
}): Promise<Buffer> {
  if (options.mailKey) return Buffer.from(options.mailKey, 'base64')
  const file = path.join(options.dataDir, 'mail.key')
  await mkdir(options.dataDir, { recursive: true })
  try {
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in base64`)
  return key
}

export function setMailKey(key: Buffer): void {
  processKey = key
}

export const mailKeyLoaded = () => processKey !== null

function key(): Buffer {
  if (!processKey) throw new Error('the mail key is not loaded (setMailKey at start)')
  return processKey
}

/**
 * A key of its own for another secret kept sealed with the same setting (HKDF-SHA256 of the
 * process's key, `purpose` as its info): a staff member's TOTP secret (auth/sealed-secrets.ts).
 */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key(), Buffer.alloc(0), purpose, 32))
}

export function sealBody(text: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [version, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The text of a sealed body; '' stays '' (a sent message whose body was pruned). */
export function openBody(sealed: string): string {
  if (sealed === '') return ''
  const [tag, iv, authTag, data] = sealed.split('.')
  if (tag !== version || !iv || !authTag || data === undefined)
    throw new Error('not a sealed e-mail body')
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}
