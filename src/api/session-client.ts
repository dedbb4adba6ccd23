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
