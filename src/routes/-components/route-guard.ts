import { redirect } from '@tanstack/react-router'
import { clientStorage } from '#api/client-storage'

/**
 * Which routes a visitor may reach is decided only by whether a session token (baUid) is
 * stored (spec section 2). The decision is a pure function so it can be tested on its own;
 * `enforceArea` applies it in a route's `beforeLoad`.
 */

export interface Auth {
  hasToken(): boolean
}

/** The router context every route receives. */
export interface RouterContext {
  auth: Auth
}

export const storageAuth: Auth = { hasToken: () => clientStorage.sessionToken() !== null }

/** signed-in: needs a token; signed-out: only without one; open: either (account/resetpin). */
export type RouteArea = 'signed-in' | 'signed-out' | 'open'

export const loginPath = '/account/login'
export const homePath = '/dashboard'

export type GuardTarget = typeof loginPath | typeof homePath

/** Where a visitor must be sent instead of a route of this area, or null to let them in. */
export function guardRedirect(area: RouteArea, hasToken: boolean): GuardTarget | null {
  if (area === 'signed-in' && !hasToken) return loginPath
  if (area === 'signed-out' && hasToken) return homePath
  return null
}

/** Where an unknown address or a routing error leads: the dashboard with a token, else login. */
export function fallbackPath(hasToken: boolean): GuardTarget {
  return hasToken ? homePath : loginPath
}

/** For `beforeLoad`: throws the router's redirect when the visitor does not belong here. */
export function enforceArea(area: RouteArea, auth: Auth): void {
  const target = guardRedirect(area, auth.hasToken())
  if (target) throw redirect({ to: target, replace: true })
}
