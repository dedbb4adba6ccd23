import type * as v from 'valibot'
import * as account from './account'
import * as auth from './auth'
import type { CallDefinition } from './define'
import * as downloads from './downloads'
import * as funding from './funding'
import * as session from './session'
import * as transfer from './transfer'

/** Every call of the portal's one endpoint, by its action marker or crud name. */
export const calls = {
  ...auth,
  ...account,
  ...downloads,
  ...session,
  ...funding,
  ...transfer,
} satisfies Record<string, CallDefinition>

export type CallName = keyof typeof calls
export type CallRequest<N extends CallName> = v.InferInput<(typeof calls)[N]['request']>
export type CallResponse<N extends CallName> = v.InferOutput<(typeof calls)[N]['response']>

export const callNames = Object.keys(calls) as CallName[]

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(calls, name)
}

export type { Access, CallDefinition, CallKind } from './define'
