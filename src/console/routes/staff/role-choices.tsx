import { type StaffRole, staffRoles } from '#api/contract/staff'
import { CheckboxField } from '#ui/checkbox-field'
import { roleLabels } from '../../api/role-names'
import * as styles from './staff.css'

/** The roles as ticks, their value the comma-separated list the staff calls take. */
export function RoleChoices({
  value,
  onChange,
}: {
  value: readonly StaffRole[]
  onChange: (roles: StaffRole[]) => void
}) {
  return (
    <fieldset className={styles.roles}>
      <legend className={styles.legend}>Roles</legend>
      {staffRoles.map((role) => (
        <CheckboxField
          key={role}
          label={roleLabels[role]}
          checked={value.includes(role)}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? staffRoles.filter((held) => held === role || value.includes(held))
                : value.filter((held) => held !== role),
            )
          }
        />
      ))}
    </fieldset>
  )
}

export const rolesOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .filter((role): role is StaffRole => (staffRoles as readonly string[]).includes(role))
