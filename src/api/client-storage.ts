/**
 * The only module that touches localStorage and sessionStorage. It holds the spec's client keys
 * and nothing else (docs/decisions/001-client-storage.md explains where each key lives):
 *
 * - baUid: the session token. localStorage when "Remember me" was ticked (it survives closing the
 *   browser), otherwise sessionStorage (it dies with the tab). Read from either.
 * - sbaUid (account-notice token) and tempbaUid (KYC token): short-lived tokens, sessionStorage.
 * - the remaining keys are small flags and preferences, localStorage.
 * - appearance: the look chosen in Settings (docs/decisions/086), localStorage, the one key that
 *   logout keeps: it is the browser's, not the customer's. Each page's head reads it before the
 *   first paint (src/api/appearance.ts), the one read outside this module.
 * - language: the language chosen in Settings (docs/decisions/090), localStorage, kept on logout
 *   like the appearance.
 *
 * Storage can be unavailable (privacy modes, quotas); every access then degrades to "nothing
 * stored" instead of throwing.
 */

export const clientKeys = [
  'baUid',
  'sbaUid',
  'tempbaUid',
  'displayAmount',
  'account_verification',
  'notverified',
  'email',
  'close',
  'loggedOut',
  'pendingTransfer',
  'appearance',
  'language',
] as const

export type ClientKey = (typeof clientKeys)[number]

type Place = 'local' | 'session'

/** Where a key is written by default. baUid's place is chosen per write (remember me). */
const defaultPlace: Record<ClientKey, Place> = {
  baUid: 'session',
  sbaUid: 'session',
  tempbaUid: 'session',
  displayAmount: 'local',
  account_verification: 'local',
  notverified: 'local',
  email: 'local',
  close: 'local',
  loggedOut: 'local',
  /** The transfer being confirmed on send/pin (docs/decisions/043): this tab only. */
  pendingTransfer: 'session',
  appearance: 'local',
  language: 'local',
}

/** What logout leaves: preferences of the browser, which name and sign in nobody. */
const keptOnLogout: ReadonlySet<ClientKey> = new Set(['appearance', 'language'])

export function isClientKey(key: string): key is ClientKey {
  return Object.hasOwn(defaultPlace, key)
}

function assertClientKey(key: string): asserts key is ClientKey {
  if (!isClientKey(key)) throw new TypeError(`not a client storage key: ${key}`)
}

export interface SetOptions {
  /** Keep the value after the browser closes (localStorage). Defaults to the key's own place. */
  remember?: boolean
}

export interface ClientStorage {
  get(key: ClientKey): string | null
  set(key: ClientKey, value: string, options?: SetOptions): void
  remove(key: ClientKey): void
  /** Logout: removes every client key from both storages, but the browser's appearance and language. */
  clearAll(): void
  /** The session token, wherever it was stored. */
  sessionToken(): string | null
  /** Stores the session token: localStorage when remembered, sessionStorage otherwise. */
  setSessionToken(token: string, remember: boolean): void
}

type StorageSource = () => Storage | undefined

function safely<T>(work: () => T, fallback: T): T {
  try {
    return work()
  } catch {
    return fallback
  }
}

export function createClientStorage(local: StorageSource, session: StorageSource): ClientStorage {
  const storageOf = (place: Place) => safely(place === 'local' ? local : session, undefined)

  const get = (key: ClientKey): string | null => {
    assertClientKey(key)
    for (const place of ['session', 'local'] as const) {
      const value = safely(() => storageOf(place)?.getItem(key) ?? null, null)
      if (value !== null && value !== '') return value
    }
    return null
  }

  const remove = (key: ClientKey) => {
    assertClientKey(key)
    for (const place of ['session', 'local'] as const) {
      safely(() => storageOf(place)?.removeItem(key), undefined)
    }
  }

  const set = (key: ClientKey, value: string, options: SetOptions = {}) => {
    assertClientKey(key)
    const place: Place =
      options.remember === undefined ? defaultPlace[key] : options.remember ? 'local' : 'session'
    // One copy only: a value left in the other storage would shadow or outlive this one.
    remove(key)
    safely(() => storageOf(place)?.setItem(key, value), undefined)
  }

  return {
    get,
    set,
    remove,
    clearAll: () => {
      for (const key of clientKeys) if (!keptOnLogout.has(key)) remove(key)
    },
    sessionToken: () => get('baUid'),
    setSessionToken: (token, remember) => set('baUid', token, { remember }),
  }
}

const browserStorage =
  (name: 'localStorage' | 'sessionStorage'): StorageSource =>
  () =>
    typeof window === 'undefined' ? undefined : window[name]

export const clientStorage = createClientStorage(
  browserStorage('localStorage'),
  browserStorage('sessionStorage'),
)
