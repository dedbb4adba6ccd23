import { createApiClient } from './client'
import { type ClientStorage, clientStorage } from './client-storage'
import type { Access } from './contract'

/** Which stored token a call sends, by the access its contract declares. */
export function tokenFor(storage: ClientStorage, access: Access): string | null {
  switch (access) {
    case 'session':
    case 'public':
      return storage.get('baUid')
    case 'kyc':
      return storage.get('tempbaUid')
    case 'notice':
      return storage.get('sbaUid')
  }
}

/** The app's one API client: `call(name, fields)` with the right stored token attached. */
export const call = createApiClient({ tokenFor: (access) => tokenFor(clientStorage, access) })

/**
 * Logout of a short flow's token (sbaUid of the account notice, tempbaUid of KYC). `logout` is a
 * public call, so `call` would send baUid; this sends the flow's own token, which the server
 * then revokes. No token stored: the call goes out without one and revokes nothing.
 */
export function logoutStoredToken(
  key: 'sbaUid' | 'tempbaUid',
  storage: ClientStorage = clientStorage,
  baseURL?: string,
) {
  return createApiClient({ baseURL, tokenFor: () => storage.get(key) })('signOut', {})
}
