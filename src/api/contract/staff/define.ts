import type * as v from 'valibot'
import type { StaffRole } from './roles'

/**
 * The staff console's calls (docs/decisions/068): `POST /wp-admin/api`, the call named by the
 * body field `action`, the session only in the console's cookie. Which cookie a call needs:
 * - public: none (signing in, enrolling, signing out);
 * - second_factor: the one a right password gave, until the second factor is shown;
 * - setup: an enrolment under way, or a signed-in session after a step-up (stepup: the password
 *   and a current factor again), for adding or replacing a passkey or an authenticator;
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
   * A call that does one of several commands by a field (`decision`: approve or decline) names
   * them by that field's value: `{ decision: { approve: 'kyc approve', decline: 'kyc decline' } }`.
   */
  audit?: string | StaffAuditByField
  /**
   * The customers' personal data or money the call reads, as the audit log names the read
   * ('customers ledger'): every answer is written there with the person who read and the fields
   * they asked with (what was searched, which page), outcome 'read' (docs/decisions/098).
   */
  reads?: string
  /** False for a call that reads the session without counting as activity (the idle timer). */
  activity?: false
}

/** One field's name, and the audit name for each of its values. */
export type StaffAuditByField = Readonly<Record<string, Readonly<Record<string, string>>>>

/** The audit log's name of a call made with `fields`; a value not named falls back to the first. */
export function auditNameOf(
  definition: Pick<StaffCallDefinition, 'audit'>,
  fields: Record<string, unknown>,
): string | undefined {
  const audit = definition.audit
  if (audit === undefined || typeof audit === 'string') return audit
  const [field, names] = Object.entries(audit)[0] ?? []
  if (!field || !names) return undefined
  const value = fields[field]
  return (
    (typeof value === 'string' && Object.hasOwn(names, value) ? names[value] : undefined) ??
    Object.values(names)[0]
  )
}

/** Every audit name a call may be written under, for the docs. */
export const auditNamesOf = (definition: Pick<StaffCallDefinition, 'audit'>): string[] =>
  definition.audit === undefined
    ? []
    : typeof definition.audit === 'string'
      ? [definition.audit]
      : Object.values(definition.audit).flatMap((names) => Object.values(names))

export const defineStaffCall = <Request extends FieldsSchema, Response extends v.GenericSchema>(
  definition: StaffCallDefinition<Request, Response>,
) => definition
