import type * as v from 'valibot'
import type { CallDefinition } from './define'
import * as insights from './insights'
import * as payeeBook from './payee-book'
import { portalCalls } from './portal-calls'
import * as scheduledTransfers from './scheduled-transfers'
import * as security from './security'

/**
 * Every call of the portal's one endpoint, by its readable name; each definition keeps its wire
 * marker (`wire`), which only the edges use (see `callByWire`).
 */
export const calls = {
  ...portalCalls,
  ...security,
  ...payeeBook,
  ...insights,
  ...scheduledTransfers,
} satisfies Record<string, CallDefinition>

export type CallName = keyof typeof calls
export type CallRequest<N extends CallName> = v.InferInput<(typeof calls)[N]['request']>
export type CallResponse<N extends CallName> = v.InferOutput<(typeof calls)[N]['response']>

export const callNames = Object.keys(calls) as CallName[]

/** The marker a call has on the wire: an action marker or a crud name, as the spec names it. */
export type WireName = (typeof calls)[CallName]['wire']

const byWire = new Map<string, CallName>(callNames.map((name) => [calls[name].wire, name]))

/**
 * The call a wire marker names, for the edges only (the dispatcher and the flood gate read a
 * request's marker with it); undefined for a marker the contract does not know.
 */
export function callByWire(marker: string): CallName | undefined {
  return byWire.get(marker)
}

export type { Access, CallDefinition, CallKind } from './define'
