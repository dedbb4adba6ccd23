import { beforeEach, describe, expect, it } from 'vitest'
import { clientKeys, clientStorage, createClientStorage, isClientKey } from '#api/client-storage'

function storedKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').sort()
}

describe('client storage', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('knows exactly the spec keys, the pending transfer, the appearance and the language', () => {
    expect([...clientKeys].sort()).toEqual(
      [
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
      ].sort(),
    )
    expect(isClientKey('baUid')).toBe(true)
    expect(isClientKey('token')).toBe(false)
  })

  it('refuses keys outside the list', () => {
    // @ts-expect-error: not a client key
    expect(() => clientStorage.set('jwt', 'x')).toThrow(TypeError)
    // @ts-expect-error: not a client key
    expect(() => clientStorage.get('jwt')).toThrow(TypeError)
    expect(storedKeys(localStorage)).toEqual([])
    expect(storedKeys(sessionStorage)).toEqual([])
  })

  it('keeps a remembered session token in localStorage', () => {
    clientStorage.setSessionToken('remembered', true)
    expect(localStorage.getItem('baUid')).toBe('remembered')
    expect(sessionStorage.getItem('baUid')).toBeNull()
    expect(clientStorage.sessionToken()).toBe('remembered')
  })

  it('keeps a session token without remember me in sessionStorage', () => {
    clientStorage.setSessionToken('tab-only', false)
    expect(sessionStorage.getItem('baUid')).toBe('tab-only')
    expect(localStorage.getItem('baUid')).toBeNull()
    expect(clientStorage.get('baUid')).toBe('tab-only')
  })

  it('reads the token from either storage and keeps only one copy', () => {
    localStorage.setItem('baUid', 'from-local')
    expect(clientStorage.sessionToken()).toBe('from-local')
    clientStorage.setSessionToken('fresh', false)
    expect(localStorage.getItem('baUid')).toBeNull()
    expect(clientStorage.sessionToken()).toBe('fresh')
  })

  it('treats an empty value as nothing stored', () => {
    sessionStorage.setItem('baUid', '')
    expect(clientStorage.sessionToken()).toBeNull()
  })

  it('writes only listed keys', () => {
    for (const key of clientKeys) clientStorage.set(key, `value of ${key}`)
    const written = [...storedKeys(localStorage), ...storedKeys(sessionStorage)].sort()
    expect(written).toEqual([...clientKeys].sort())
    for (const key of clientKeys) expect(clientStorage.get(key)).toBe(`value of ${key}`)
  })

  it('clearAll removes every client key from both storages but the appearance and the language, and nothing else', () => {
    for (const key of clientKeys) clientStorage.set(key, 'x')
    clientStorage.setSessionToken('t', true)
    localStorage.setItem('unrelated', 'kept')
    clientStorage.clearAll()
    for (const key of clientKeys)
      expect(clientStorage.get(key)).toBe(key === 'appearance' || key === 'language' ? 'x' : null)
    expect(storedKeys(localStorage)).toEqual(['appearance', 'language', 'unrelated'])
    expect(storedKeys(sessionStorage)).toEqual([])
  })

  it('remove deletes a key wherever it is', () => {
    clientStorage.setSessionToken('t', true)
    clientStorage.remove('baUid')
    expect(clientStorage.sessionToken()).toBeNull()
    expect(localStorage.getItem('baUid')).toBeNull()
  })

  it('degrades to "nothing stored" when storage is unavailable', () => {
    const broken = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    const storage = createClientStorage(broken, broken)
    expect(() => storage.setSessionToken('t', true)).not.toThrow()
    expect(storage.sessionToken()).toBeNull()
    expect(() => storage.clearAll()).not.toThrow()
  })
})
