import { isRedirect } from '@tanstack/react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { clientStorage } from '#api/client-storage'
import { hasFlowToken, requireFlowToken } from '#routes/_signed-out/-components/flow-token'
import { adminAreaAddress, defaultAdminAreaUrl } from '#ui/admin-area'

describe('flow tokens', () => {
  beforeEach(() => clientStorage.clearAll())

  it('lets a flow in only with its own token', () => {
    expect(hasFlowToken('tempbaUid')).toBe(false)
    clientStorage.set('tempbaUid', 'kyc-token')
    expect(hasFlowToken('tempbaUid')).toBe(true)
    expect(hasFlowToken('sbaUid')).toBe(false)
    expect(() => requireFlowToken('tempbaUid')).not.toThrow()
  })

  it('sends the visitor to login without it', () => {
    clientStorage.setSessionToken('session-token', true)
    let thrown: unknown
    try {
      requireFlowToken('sbaUid')
    } catch (error) {
      thrown = error
    }
    expect(isRedirect(thrown)).toBe(true)
    expect((thrown as { options: { to: string } }).options.to).toBe('/account/login')
  })
})

describe('admin area address', () => {
  it('takes an http(s) address or a path on this site', () => {
    expect(adminAreaAddress(undefined)).toBe('/wp-admin/')
    expect(adminAreaAddress(' https://admin.bank.example/ ')).toBe('https://admin.bank.example/')
    expect(adminAreaAddress('/backoffice/')).toBe('/backoffice/')
  })

  it('falls back to the default for anything else', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'admin', '', 'ftp://x']) {
      expect(adminAreaAddress(bad)).toBe(defaultAdminAreaUrl)
    }
  })
})
