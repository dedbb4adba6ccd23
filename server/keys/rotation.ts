import { setImmediate as yieldToOthers } from 'node:timers/promises'
import type { Queryable } from '../db/database'
import type { KeyRing } from './key-ring'
import type { SealedStore } from './sealed-store'

export interface StoreRotation {
  name: string
  /** Items sealed again under the newest key. */
  resealed: number
  /** Items still under another key afterwards: values that do not open (damaged). */
  left: number
}

/**
 * `keys rotate` (docs/decisions/105): every store's items sealed under a key other than the
 * newest are sealed again under the newest, a batch at a time (each item its own update, so the
 * server keeps working meanwhile). Once no store has any left, the older keys can be removed.
 */
export async function rotateKeys(
  db: Queryable,
  ring: KeyRing,
  stores: readonly SealedStore[],
  options: { batchSize?: number } = {},
): Promise<StoreRotation[]> {
  const batchSize = options.batchSize ?? 200
  const rotations: StoreRotation[] = []
  for (const store of stores) {
    let resealed = 0
    for (;;) {
      const batch = await store.resealBatch(db, ring, batchSize)
      if (batch === 0) break
      resealed += batch
      await yieldToOthers()
    }
    rotations.push({ name: store.name, resealed, left: await store.countNotUnderNewest(db, ring) })
  }
  return rotations
}
