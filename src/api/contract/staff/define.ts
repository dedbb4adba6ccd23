import type * as v from 'valibot'
import type { StaffRole } from './roles'

/**
 * The staff console's calls (docs/decisions/068): `POST /wp-admin/api`, the call named by the
 * body field `action`, the session only in the console's cookie. Which cookie a call needs:
 * - public: none (signing in, enrolling, signing out);
 * - second_factor: the one a right password gave, until the second factor is shown;
 * - setup: an enrolment under way, or a signed-in session (adding a passkey or an authenticator);
 * - staff: a signed-in session, of a person holding one of `roles` ('any': every member of staff).
 */
export type StaffAccess = 'public' | 'second_factor' | 'setup' | 'staff'

type FieldsSchema =
  | v.ObjectSchema<v.ObjectEntries, undefined>
  | v.VariantSchema<string, v.VariantOptions<string>, v.ErrorMessage<v.VariantIssue> | undefined>

export interface StaffCallDefinition<
  Request extends FieldsSchema = FieldsSchema,
  Response extends v.GenericSchema = v.GenericSchema,
> {
  access: StaffAccess
  /** Who may make a `staff` call; the others leave it 'any'. */
  roles: readonly StaffRole[] | 'any'
  summary: string
  request: Request
  response: Response
  /**
   * The operator task the call performs, as the audit log names it ("staff add", the same name
   * as the `npm run ops` command): every call of it is written there with the person who made
   * it, done or refused. Absent: the call changes nothing worth an entry (reads, sign-in steps).
   */
  audit?: string
  /** False for a call that reads the session without counting as activity (the idle timer). */
  activity?: false
}

export const defineStaffCall = <Request extends FieldsSchema, Response extends v.GenericSchema>(
  definition: StaffCallDefinition<Request, Response>,
) => definition
