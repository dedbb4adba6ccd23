import type { CallKind, CallName, CallRequest, calls } from '#api/contract'

/**
 * The server test client's types, from the contract (#api/contract): `t.action(name, fields)`
 * takes only the contract's action calls, `t.crud(name, fields)` only its crud calls, and the
 * fields only the call's request fields by their readable names (and `token`), so a misspelt
 * call or field fails typecheck; the client sends them by the wire's names, as the browser does. Every field may be left out and every value is text (or a file), as on the wire:
 * tests of the 400 answers send incomplete and malformed requests on purpose. A test that
 * sends what the contract does not name at all uses `t.raw`.
 */

export type CallNameOfKind<K extends CallKind> = {
  [N in CallName]: (typeof calls)[N]['kind'] extends K ? N : never
}[CallName]

export type ActionName = CallNameOfKind<'action'>
export type CrudName = CallNameOfKind<'crud'>

/** Every key of every variant of a request (a variant schema is a union of objects). */
type KeysOfUnion<T> = T extends unknown ? keyof T : never

export type RequestFields<N extends CallName> = Partial<
  Record<KeysOfUnion<CallRequest<N>> | 'token', string | Blob>
>

/** Fields of a request the contract does not describe (an unknown call, a wrong kind). */
export type RawFields = Record<string, string | Blob>

/** The fields as sent: a field given as `undefined` is left out, as a form leaves it out. */
export function toRawFields(fields: Partial<Record<string, string | Blob>>): RawFields {
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string | Blob] => entry[1] !== undefined,
    ),
  )
}
