import type { StaffCallResponse, StaffRole } from '#api/contract/staff'

/** The signed-in person, as whoami and the last sign-in step answer. */
export type Me = StaffCallResponse<'whoami'>

/** Which roles may open a screen: any of them, or every member of staff. */
export type Allowed = readonly StaffRole[] | 'any'

export function holdsAnyOf(me: Pick<Me, 'roles'>, allowed: Allowed): boolean {
  return allowed === 'any' || allowed.some((role) => me.roles.includes(role))
}
