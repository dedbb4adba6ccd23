import { describe, expect, it } from 'vitest'
import { fallbackPath, guardRedirect, homePath, loginPath } from '#routes/-components/route-guard'

describe('route guard', () => {
  it('sends signed-in routes to login without a token', () => {
    expect(guardRedirect('signed-in', false)).toBe(loginPath)
    expect(guardRedirect('signed-in', true)).toBeNull()
  })

  it('sends signed-out routes to the dashboard with a token', () => {
    expect(guardRedirect('signed-out', true)).toBe(homePath)
    expect(guardRedirect('signed-out', false)).toBeNull()
  })

  it('lets everyone reach open routes (account/resetpin)', () => {
    expect(guardRedirect('open', true)).toBeNull()
    expect(guardRedirect('open', false)).toBeNull()
  })

  it('sends unknown addresses to the dashboard with a token, else to login', () => {
    expect(fallbackPath(true)).toBe('/dashboard')
    expect(fallbackPath(false)).toBe('/account/login')
  })
})
