import { createHmac, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The keys that seal what the database must not hold readable (queued e-mail bodies, staff
 * authenticator secrets) and sign the device cookie (docs/decisions/105). A ring, newest first:
 * the newest seals, every key opens what names it, so a key is replaced without losing anything
 * (`npm run ops -- keys rotate`, then the old key is removed). Values sealed before the ring
 * existed name no key: they open with the oldest key of the ring, the one the installation had.
 *
 * Given as MAIL_KEYS (`id:base64,id:base64`, newest first), or as one key, MAIL_KEY or
 * DATA_DIR/mail.key (made on first start, owner-only), whose id is its fingerprint.
 */
export interface RingKey {
  id: string
  key: Buffer
}

export interface KeyRing {
  /** The key that seals; the first of MAIL_KEYS. */
  newest: RingKey
  /** Every key, newest first. */
  keys: readonly RingKey[]
  /** The key that opens values sealed before key ids (the oldest of the ring). */
  legacy: RingKey
}

export class KeyRingError extends Error {}

/** Key ids: short, printable, and never containing the sealed format's separator. */
const keyIdPattern = /^[A-Za-z0-9-]{1,32}$/

export const keyBytes = 32

/** Whether `text` is 32 bytes in base64, as `openssl rand -base64 32` prints them. */
export const isKeyText = (text: string) =>
  /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === keyBytes

/** A one-key ring's id: 8 hex digits derived from the key (it tells nothing of the key). */
export const fingerprintOf = (key: Buffer) =>
  createHmac('sha256', key).update('meridian key id').digest('hex').slice(0, 8)

export function keyRingOf(keys: RingKey[]): KeyRing {
  const [newest] = keys
  const legacy = keys.at(-1)
  if (!newest || !legacy) throw new KeyRingError('a key ring needs at least one key')
  const ids = new Set<string>()
  for (const { id, key } of keys) {
    if (!keyIdPattern.test(id))
      throw new KeyRingError('a key id must be 1 to 32 letters, digits or hyphens')
    if (ids.has(id)) throw new KeyRingError(`key id ${id} is given twice`)
    if (key.length !== keyBytes) throw new KeyRingError(`key ${id} must be 32 bytes`)
    ids.add(id)
  }
  return { newest, keys, legacy }
}

export const singleKeyRing = (key: Buffer) => keyRingOf([{ id: fingerprintOf(key), key }])

/**
 * MAIL_KEYS as written: `id:base64` entries separated by commas, newest first. The message of
 * a refusal names the entry by its place and id, never the key.
 */
export function parseKeyRing(text: string): KeyRing {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const keys = entries.map((entry, index) => {
    const colon = entry.indexOf(':')
    const id = colon < 0 ? '' : entry.slice(0, colon)
    const keyText = colon < 0 ? '' : entry.slice(colon + 1)
    if (!keyIdPattern.test(id))
      throw new KeyRingError(
        `entry ${index + 1} must be id:key, the id 1 to 32 letters, digits or hyphens`,
      )
    if (!isKeyText(keyText))
      throw new KeyRingError(`key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`)
    return { id, key: Buffer.from(keyText, 'base64') }
  })
  return keyRingOf(keys)
}

/** The ring as MAIL_KEYS writes it (for a cluster's servers, which all get the same ring). */
export const keyRingSetting = (ring: KeyRing) =>
  ring.keys.map(({ id, key }) => `${id}:${key.toString('base64')}`).join(',')

/** The ring from the settings: MAIL_KEYS, else MAIL_KEY, else DATA_DIR/mail.key (made once). */
export async function loadKeyRing(options: {
  dataDir: string
  mailKeys: KeyRing | undefined
  mailKey: string | undefined
}): Promise<KeyRing> {
  if (options.mailKeys) return options.mailKeys
  if (options.mailKey) return singleKeyRing(Buffer.from(options.mailKey, 'base64'))
  const file = path.join(options.dataDir, 'mail.key')
  await mkdir(options.dataDir, { recursive: true })
  try {
    await writeFile(file, `${randomBytes(keyBytes).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const text = (await readFile(file, 'utf8')).trim()
  if (!isKeyText(text)) throw new KeyRingError(`${file} must hold 32 bytes in base64`)
  return singleKeyRing(Buffer.from(text, 'base64'))
}

let processRing: KeyRing | null = null

/** The ring this process seals and opens with; set once at start (server, operator commands). */
export function setKeyRing(ring: KeyRing): void {
  processRing = ring
}

export const keyRingLoaded = () => processRing !== null

export function keyRing(): KeyRing {
  if (!processRing) throw new Error('the key ring is not loaded (setKeyRing at start)')
  return processRing
}
