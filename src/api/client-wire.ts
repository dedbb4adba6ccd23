// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas (all
// but the security calls, ./client-wire-security.ts, and the payee book's,
// ./client-wire-payee-book.ts, and the scheduled transfers', each loaded with the first of its calls: decisions 080, 085 and 088),
// valibot's parser, the fields' conversion to and from the wire's names, and ofetch.
import { FetchError, ofetch } from 'ofetch'
import { safeParse } from 'valibot'
import type { calls as allCalls } from './contract'
import { payeeBookCallNames, scheduledTransferCallNames } from './contract/lazy-calls'
import { portalCalls } from './contract/portal-calls'
import { fromWire, toWire } from './contract/wire-fields'

const wire = { FetchError, ofetch, safeParse, calls: portalCalls, fromWire, toWire }

/** The wire with every call's definition: a chunk's calls join it when one of them is made. */
export type Wire = Omit<typeof wire, 'calls'> & { calls: typeof allCalls }

const inPayeeBook = new Set<string>(payeeBookCallNames)
const inScheduled = new Set<string>(scheduledTransferCallNames)

/** The wire for the call `name`. */
export async function wireFor(name: string): Promise<Wire> {
  if (Object.hasOwn(portalCalls, name)) return wire as Wire
  const chunk = inPayeeBook.has(name)
    ? await import('./client-wire-payee-book')
    : inScheduled.has(name)
      ? await import('./client-wire-scheduled-transfers')
      : await import('./client-wire-security')
  return { ...wire, calls: chunk.calls as unknown as Wire['calls'] }
}
