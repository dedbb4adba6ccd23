import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import type { StaffChange } from '#machines/staff-change.machine'
import { useDocumentTitle } from '#ui/use-document-title'
import { ChangeDialog } from '../../changes/change-dialog'
import { type StaffChangeActor, useStaffChange } from '../../changes/use-staff-change'
import type { ConsoleRouter } from '../../router'
import { signedInRoute } from '../signed-in'
import { AddStaffForm } from './add-staff-form'
import { RoleChoices, rolesOf } from './role-choices'
import { staffRoute } from './route'
import { StaffTable } from './staff-table'

export type StaffMember = StaffCallResponse<'stafflist'>['staff'][number]

/** A change made, shown in the list at once (the list is then read again from the server). */
function changedList(list: StaffMember[], { call, fields }: StaffChange): StaffMember[] {
  const id = Number(fields.staff_id)
  if (call === 'staffroles')
    return list.map((person) =>
      person.id === id ? { ...person, roles: rolesOf(fields.roles) } : person,
    )
  if (call === 'staffdisable')
    return list.map((person) => (person.id === id ? { ...person, status: 'disabled' } : person))
  return list
}

/** The roles to tick in the dialog of a roles change. */
function RolesEdit({ actor }: { actor: StaffChangeActor }) {
  const change = useSelector(actor, (snapshot) => snapshot.context.change)
  if (change?.call !== 'staffroles') return null
  return (
    <RoleChoices
      value={rolesOf(change.fields.roles)}
      onChange={(roles) => actor.send({ type: 'EDIT', fields: { roles: roles.join(',') } })}
    />
  )
}

/** The staff; an admin adds, changes and disables them, an auditor reads. */
export function StaffScreen() {
  const { staff } = staffRoute.useLoaderData<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const router = useRouter()
  const [list, setList] = useState(staff)
  useEffect(() => setList(staff), [staff])
  // A new form (empty fields) once a member of staff is added.
  const [added, setAdded] = useState(0)
  const actor = useStaffChange((change) => {
    setList((current) => changedList(current, change))
    if (change.call === 'staffadd') setAdded((count) => count + 1)
    void router.invalidate()
  })
  useDocumentTitle('Staff')
  const admin = me.roles.includes('admin')

  return (
    <>
      <h1>Staff</h1>
      {admin ? (
        <AddStaffForm key={added} actor={actor} />
      ) : (
        <p>You can read this list; only an admin changes it.</p>
      )}
      <StaffTable list={list} me={me} actor={admin ? actor : null} />
      <ChangeDialog actor={actor}>
        <RolesEdit actor={actor} />
      </ChangeDialog>
    </>
  )
}
