import { open, type SealedKind, seal } from '../keys/sealing'

/**
 * E-mail bodies carry live codes and reset links, so the outbox keeps them sealed (AES-256-GCM)
 * under the key ring (keys/key-ring.ts), whose keys never enter the database; each body names the
 * key that sealed it. See docs/decisions/022-mail-bodies-at-rest.md and 105.
 */
export const mailBodyKind: SealedKind = { tag: 'v2', legacyTag: 'v1', purpose: null }

export const sealBody = (text: string) => seal(mailBodyKind, text)

/** The text of a sealed body; '' stays '' (a sent message whose body was pruned). */
export const openBody = (sealed: string) => (sealed === '' ? '' : open(mailBodyKind, sealed))
