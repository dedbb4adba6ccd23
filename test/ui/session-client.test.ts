import { beforeEach, describe, expect, it } from 'vitest'
import { clientStorage } from '#api/client-storage'
import { tokenFor } from '#api/session-client'

describe('tokenFor', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    clientStorage.setSessionToken('session-token', false)
    clientStorage.set('tempbaUid', 'kyc-token')
    clientStorage.set('sbaUid', 'notice-token')
  })

  it('maps each access kind to its stored token', () => {
    expect(tokenFor(clientStorage, 'session')).toBe('session-token')
    expect(tokenFor(clientStorage, 'public')).toBe('session-token')
    expect(tokenFor(clientStorage, 'kyc')).toBe('kyc-token')
    expect(tokenFor(clientStorage, 'notice')).toBe('notice-token')
  })

  it('sends no token when none is stored', () => {
    clientStorage.clearAll()
    expect(tokenFor(clientStorage, 'session')).toBeNull()
    expect(tokenFor(clientStorage, 'kyc')).toBeNull()
  })
})
