// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas (all
// but the security calls: ./client-wire-security.ts), valibot's parser, the fields' conversion
// to and from the wire's names, and ofetch.
export { FetchError, ofetch } from 'ofetch'
export { safeParse } from 'valibot'
export { portalCalls as calls } from './contract/portal-calls'
export { fromWire, toWire } from './contract/wire-fields'

/** The security calls' schemas, in a chunk of their own (docs/decisions/080). */
export const loadSecurityCalls = () => import('./client-wire-security')
