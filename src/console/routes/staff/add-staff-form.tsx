import { type FormEvent, useState } from 'react'
import type { StaffRole } from '#api/contract/staff'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { EmailField } from '#ui/email-field'
import { TextField } from '#ui/text-field'
import { roleNames } from '../../api/role-names'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import { RoleChoices } from './role-choices'
import * as styles from './staff.css'

/** An admin adds a member of staff: e-mail, name and roles; confirmed, then a link is e-mailed. */
export function AddStaffForm({ actor }: { actor: StaffChangeActor }) {
  const [roles, setRoles] = useState<StaffRole[]>([])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const email = String(fields.get('email') ?? '').trim()
    const name = String(fields.get('name') ?? '').trim()
    actor.send({
      type: 'REQUEST',
      change: {
        call: 'staffadd',
        fields: { email, name, roles: roles.join(',') },
        title: `Add ${name || email}?`,
        consequence: `${email} gets an enrolment link by e-mail (it works for 24 hours) and will hold the roles ${roleNames(roles) || '(none chosen)'}.`,
        confirmLabel: 'Add and send the link',
      },
    })
  }
  return (
    <Card heading="Add a member of staff" className={styles.section}>
      <form className={styles.addForm} onSubmit={submit} noValidate>
        <EmailField name="email" autoComplete="off" />
        <TextField label="Name" name="name" autoComplete="off" />
        <div className={styles.wide}>
          <RoleChoices value={roles} onChange={setRoles} />
        </div>
        <div className={styles.wide}>
          <Button type="submit">Add member of staff</Button>
        </div>
      </form>
    </Card>
  )
}
