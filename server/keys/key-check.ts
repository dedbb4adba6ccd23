import type { Queryable } from '../db/database'
import type { KeyRing } from './key-ring'
import type { SealedStore } from './sealed-store'

/** The key ring lacks a key that sealed values need: the server does not start. */
export class MissingKeyError extends Error {}

/**
 * The start's check of the key ring against the database (docs/decisions/105): every key id the
 * sealed stores name is in the ring, and opens the value tried, and values sealed before key ids
 * open with the ring's legacy key. Else it throws, naming the key and the store, never a key.
 */
export async function checkKeyRing(
  db: Queryable,
  ring: KeyRing,
  stores: readonly SealedStore[],
): Promise<void> {
  const problems: string[] = []
  for (const store of stores) {
    for (const { keyId, sample } of await store.keysInUse(db)) {
      if (keyId !== null && !ring.keys.some((key) => key.id === keyId))
        problems.push(
          `${store.name} is sealed under key ${keyId}, which the key ring does not hold: put key ${keyId} back in MAIL_KEYS`,
        )
      else if (!store.opens(sample, ring))
        problems.push(
          keyId === null
            ? `${store.name} sealed before key ids does not open with the ring's oldest key ${ring.legacy.id}: the oldest key of MAIL_KEYS must be the key the installation had (MAIL_KEY or DATA_DIR/mail.key)`
            : `${store.name} sealed under key ${keyId} does not open with the key given as ${keyId}: that key is not the one that sealed it`,
        )
    }
  }
  if (problems.length > 0)
    throw new MissingKeyError(
      `The key ring cannot open what the database holds:\n  ${problems.join('\n  ')}`,
    )
}
