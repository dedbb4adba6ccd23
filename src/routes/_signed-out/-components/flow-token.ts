import { redirect } from '@tanstack/react-router'
import { type ClientStorage, clientStorage } from '#api/client-storage'
import { loginPath } from '../../-components/route-guard'

/**
 * The short flows after login keep their own token: the account notice sbaUid, the KYC form
 * tempbaUid (docs/decisions/008-login-and-kyc-flows.md). Like the app's other guards, a route
 * is reachable only when its token is stored; without it the visitor goes to login. An expired
 * token is the server's to refuse (401), which the flow's machine turns into login as well.
 */
export type FlowTokenKey = 'sbaUid' | 'tempbaUid'

export function hasFlowToken(key: FlowTokenKey, storage: ClientStorage = clientStorage): boolean {
  return storage.get(key) !== null
}

/** For `beforeLoad`: throws the router's redirect to login when the flow's token is missing. */
export function requireFlowToken(key: FlowTokenKey, storage: ClientStorage = clientStorage): void {
  if (!hasFlowToken(key, storage)) throw redirect({ to: loginPath, replace: true })
}
