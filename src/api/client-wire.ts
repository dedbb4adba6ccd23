// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas (all
// but the security calls, ./client-wire-security.ts, loaded with the first of them: decision
// 080), valibot's parser, the fields' conversion to and from the wire's names, and ofetch.
import { FetchError, ofetch } from 'ofetch'
import { safeParse } from 'valibot'
import type { calls as allCalls } from './contract'
import { portalCalls } from './contract/portal-calls'
import { fromWire, toWire } from './contract/wire-fields'

const wire = { FetchError, ofetch, safeParse, calls: portalCalls, fromWire, toWire }

/** The wire with every call's definition: the security calls' join it when one is made. */
export type Wire = Omit<typeof wire, 'calls'> & { calls: typeof allCalls }

/** The wire for the call `name`. */
export async function wireFor(name: string): Promise<Wire> {
  if (Object.hasOwn(portalCalls, name)) return wire as Wire
  const security = await import('./client-wire-security')
  return { ...wire, calls: security.calls as unknown as Wire['calls'] }
}
