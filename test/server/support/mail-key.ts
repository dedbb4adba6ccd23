import { randomBytes } from 'node:crypto'
import { keyRingLoaded, setKeyRing, singleKeyRing } from '#server/keys/key-ring'

/** One random key ring per test process, as the server loads one at start. */
export function ensureTestMailKey(): void {
  if (!keyRingLoaded()) setKeyRing(singleKeyRing(randomBytes(32)))
}
