import type * as v from 'valibot'
import * as admin from './admin'
import type { StaffCallDefinition } from './define'
import * as identity from './identity'
import * as sessions from './sessions'

/**
 * Every call of the staff console's one endpoint, `POST /wp-admin/api`, by its action marker: a
 * registry of its own, apart from the customers' (src/api/contract/index.ts), so no customer
 * call is reachable there and no staff call at /api/users. docs/decisions/068.
 */
export const staffCalls = {
  ...identity,
  ...sessions,
  ...admin,
} satisfies Record<string, StaffCallDefinition>

export type StaffCallName = keyof typeof staffCalls
export type StaffCallRequest<N extends StaffCallName> = v.InferInput<
  (typeof staffCalls)[N]['request']
>
export type StaffCallResponse<N extends StaffCallName> = v.InferOutput<
  (typeof staffCalls)[N]['response']
>

export const staffCallNames = Object.keys(staffCalls) as StaffCallName[]

export function isStaffCallName(name: string): name is StaffCallName {
  return Object.hasOwn(staffCalls, name)
}

export type { StaffAccess, StaffCallDefinition } from './define'
export { type SecondFactor, type StaffRole, secondFactors, staffRoles } from './roles'
