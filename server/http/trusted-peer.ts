import type { Context } from 'hono'
import { isTrustedProxy, networkList, type TrustProxy } from '../auth/client-address'
import { peerAddressOf } from './peer-address'

/** Whether a request comes straight from the trusted proxy (TRUST_PROXY), whose headers count. */
export function trustedPeerCheck(trustProxy: TrustProxy): (c: Context) => boolean {
  const trusted = 'networks' in trustProxy ? networkList(trustProxy.networks) : null
  return (c) => {
    const peer = peerAddressOf(c)
    return peer !== null && isTrustedProxy(peer, trustProxy, trusted)
  }
}
