import { keyRing } from '../keys/key-ring'
import { rotateKeys } from '../keys/rotation'
import { sealedStores } from '../keys/sealed-stores'
import type { OpsCommand } from './command'

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`

/**
 * The key ring from the terminal (docs/decisions/105): which keys the sealed stores use, and the
 * rotation that seals everything again under the newest key. Run through the server's channel,
 * they use the server's ring; else the one the settings give this process.
 */
export const keyCommands: Record<string, OpsCommand> = {
  'keys status': {
    usage: '',
    readOnly: true,
    summary:
      'the key ring (newest first) and, for each sealed store, the keys its values name and how many items are not under the newest key',
    async run(db) {
      const ring = keyRing()
      const lines = [`key ring, newest first: ${ring.keys.map((key) => key.id).join(', ')}`]
      for (const store of sealedStores) {
        const used = (await store.keysInUse(db)).map(
          ({ keyId }) => keyId ?? `(before key ids: ${ring.legacy.id})`,
        )
        const stale = await store.countNotUnderNewest(db, ring)
        lines.push(
          `${store.name}: keys in use ${used.join(', ') || '(none)'}; ${items(stale)} under another key than ${ring.newest.id}`,
        )
      }
      return lines.join('\n')
    },
  },
  'keys rotate': {
    usage: '',
    summary:
      'seal queued e-mail, authenticator secrets (and every other sealed store) again under the newest key of the ring, and say how many of each; then the older keys can be removed',
    async run(db) {
      const ring = keyRing()
      const rotations = await rotateKeys(db, ring, sealedStores)
      const lines = rotations.map(
        ({ name, resealed, left }) =>
          `${name}: ${items(resealed)} sealed again under ${ring.newest.id}${
            left > 0
              ? `; ${items(left)} could not be opened (damaged, or under a key the ring lacks: see keys status) and stay as they are`
              : ''
          }`,
      )
      const done = rotations.every((rotation) => rotation.left === 0)
      const older = ring.keys.slice(1).map((key) => key.id)
      if (!done) lines.push('Keep the older keys in MAIL_KEYS until nothing is left under them.')
      else if (older.length > 0)
        lines.push(
          `Everything is sealed under ${ring.newest.id}: the other keys (${older.join(', ')}) can be removed from MAIL_KEYS.`,
        )
      else lines.push(`Everything is sealed under ${ring.newest.id}.`)
      return lines.join('\n')
    },
  },
}
