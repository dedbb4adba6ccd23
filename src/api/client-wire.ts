// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas (all
// but the security calls, ./client-wire-security.ts, and those of the payee book, Insights and
// the scheduled transfers, each chunk loaded with the first of its calls: decisions 080, 085,
// 089 and 088),
// valibot's parser, the fields' conversion to and from the wire's names, and ofetch.
import { FetchError, ofetch } from 'ofetch'
import { safeParse } from 'valibot'
import type { calls as allCalls } from './contract'
import {
  insightsCallNames,
  payeeBookCallNames,
  scheduledTransferCallNames,
} from './contract/lazy-calls'
import { portalCalls } from './contract/portal-calls'
import { fromWire, toWire } from './contract/wire-fields'

const wire = { FetchError, ofetch, safeParse, calls: portalCalls, fromWire, toWire }

/** The wire with every call's definition: a chunk's calls join it when one of them is made. */
export type Wire = Omit<typeof wire, 'calls'> & { calls: typeof allCalls }

/** The calls each section's chunk carries, and how it is loaded. */
const sectionChunks: [ReadonlySet<string>, () => Promise<{ calls: unknown }>][] = [
  [new Set<string>(payeeBookCallNames), () => import('./client-wire-payee-book')],
  [new Set<string>(insightsCallNames), () => import('./client-wire-insights')],
  [new Set<string>(scheduledTransferCallNames), () => import('./client-wire-scheduled-transfers')],
]

/** The chunk that carries the schema of `name`, a call outside `portalCalls`. */
const chunkOf = (name: string) =>
  (
    sectionChunks.find(([names]) => names.has(name))?.[1] ??
    (() => import('./client-wire-security'))
  )()

/** The wire for the call `name`. */
export async function wireFor(name: string): Promise<Wire> {
  if (Object.hasOwn(portalCalls, name)) return wire as Wire
  const chunk = await chunkOf(name)
  return { ...wire, calls: chunk.calls as unknown as Wire['calls'] }
}
