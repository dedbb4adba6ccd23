import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { type KeyRing, keyRing, type RingKey } from './key-ring'

/**
 * Values sealed with AES-256-GCM under the process's key ring (key-ring.ts), each naming the
 * key that sealed it: `<tag>.<key id>.<iv>.<auth tag>.<data>` (base64url). A kind of value has
 * its own tag, and its own key derived from each ring key (HKDF-SHA256, `purpose` as info) when
 * it has a purpose. Values sealed before the ring (`<legacy tag>.<iv>.<auth tag>.<data>`) name no
 * key and open with the ring's legacy key.
 */
export interface SealedKind {
  tag: string
  legacyTag: string
  /** HKDF info of the kind's own key; null: the ring key itself (e-mail bodies, as before). */
  purpose: string | null
}

/** A sealed value names a key the ring does not hold. */
export class UnknownKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`sealed under key ${keyId}, which the key ring (MAIL_KEYS) does not hold`)
  }
}

const keyFor = (kind: SealedKind, ringKey: RingKey) =>
  kind.purpose === null
    ? ringKey.key
    : Buffer.from(hkdfSync('sha256', ringKey.key, Buffer.alloc(0), kind.purpose, 32))

/** A key of its own for another use of the ring's newest key (the device cookie's signature). */
export const derivedKeys = (purpose: string, ring: KeyRing = keyRing()) =>
  ring.keys.map((ringKey) => keyFor({ tag: '', legacyTag: '', purpose }, ringKey))

/**
 * Sealed under the ring's newest key. While the ring is one key, in the form values had before
 * key ids (`<legacy tag>.<iv>.<auth tag>.<data>`), which servers of the previous release, still
 * running beside this one during an upgrade, can open (expand/contract, decision 108); once a
 * second key is added (after the upgrade), values name their key.
 */
export function seal(kind: SealedKind, text: string, ring: KeyRing = keyRing()): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(kind, ring.newest), iv)
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), sealed].map(base64url)
  if (ring.keys.length === 1) return [kind.legacyTag, ...parts].join('.')
  return [kind.tag, ring.newest.id, ...parts].join('.')
}

const base64url = (bytes: Buffer) => bytes.toString('base64url')

/**
 * The key id a sealed value names: null for a value sealed before key ids; undefined when it
 * is not a value of this kind at all.
 */
export function keyIdOf(kind: SealedKind, sealed: string): string | null | undefined {
  const [tag, id] = sealed.split('.')
  if (tag === kind.legacyTag) return null
  if (tag === kind.tag && id) return id
  return undefined
}

/**
 * The text of a sealed value. Throws UnknownKeyError when it names a key the ring lacks, and
 * an Error when it is not a value of this kind or does not open (altered, or another key).
 */
export function open(kind: SealedKind, sealed: string, ring: KeyRing = keyRing()): string {
  const parts = sealed.split('.')
  let ringKey: RingKey
  let rest: string[]
  if (parts[0] === kind.legacyTag && parts.length === 4) {
    ringKey = ring.legacy
    rest = parts.slice(1)
  } else if (parts[0] === kind.tag && parts.length === 5) {
    const id = parts[1] as string
    const found = ring.keys.find((candidate) => candidate.id === id)
    if (!found) throw new UnknownKeyError(id)
    ringKey = found
    rest = parts.slice(2)
  } else throw new Error('not a sealed value of this kind')
  const [iv, authTag, data] = rest.map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ]
  const decipher = createDecipheriv('aes-256-gcm', keyFor(kind, ringKey), iv)
  decipher.setAuthTag(authTag)
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
}

/** Whether `sealed` is sealed under the ring's newest key (nothing to re-seal). */
export const sealedUnderNewest = (kind: SealedKind, sealed: string, ring: KeyRing = keyRing()) =>
  ring.keys.length === 1 || keyIdOf(kind, sealed) === ring.newest.id
