import { fromPromise, type NonReducibleUnknown } from 'xstate'
import type { StaffCallName } from '#api/contract/staff'
import type { StaffCallResult } from '../console/api/staff-client'

/**
 * The staff console's calls as its statecharts invoke them (as `appCall` is for the portal's,
 * app-provided.ts): typed by the staff contract, throwing until the console's screen provides
 * the real one (src/console/api/staff-call.ts).
 */
export function staffAppCall<Name extends StaffCallName, Input = NonReducibleUnknown>(name: Name) {
  return fromPromise<StaffCallResult<Name>, Input>(async () => {
    throw new Error(`${name} is provided by the console`)
  })
}

/** A browser step the console provides (a passkey's answer), typed by what it gives. */
export function browserStep<Output, Input>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the console`)
  })
}

/** The refusal every staff answer may carry: `{ status, message }`, perhaps with tries left. */
export interface StaffRefusal {
  status: boolean
  message: string
  attempts_left?: number | undefined
  blocked_until?: string | undefined
}
