import type { Queryable } from '../db/database'
import type { KeyRing } from './key-ring'

/**
 * A place in the database that keeps values sealed under the key ring (docs/decisions/105):
 * queued e-mail, staff authenticator secrets, and any later one (stored documents). The start
 * check and `keys rotate` go through this list alone, so a new store is one more entry.
 */
export interface SealedStore {
  /** What it holds, as the operator reads it ("queued e-mail"). */
  name: string
  /**
   * The keys its values are sealed under, with one value of each to try (null id: sealed before
   * key ids, opened by the ring's legacy key).
   */
  keysInUse(db: Queryable): Promise<{ keyId: string | null; sample: string }[]>
  /** Whether `sample`, a value of this store, opens with `ring`. */
  opens(sample: string, ring: KeyRing): boolean
  /** How many items hold a value sealed under a key other than the ring's newest. */
  countNotUnderNewest(db: Queryable, ring: KeyRing): Promise<number>
  /**
   * Seals up to `limit` such items again under the newest key; returns how many it re-sealed.
   * An item changed meanwhile (sent, pruned, replaced) is left as it now is.
   */
  resealBatch(db: Queryable, ring: KeyRing, limit: number): Promise<number>
}
