import { Button } from '#ui/button'
import type { Me } from '../../api/me'
import { roleNames } from '../../api/role-names'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import { type ConsoleColumn, DataTable } from '../../ui/data-table'
import { EmailAddress } from '../../ui/email-address'
import { When } from '../../ui/when'
import * as styles from './staff.css'
import type { StaffMember } from './staff-screen'

const factorsText = (person: StaffMember) =>
  [
    person.passkeys > 0 ? `${person.passkeys} passkey${person.passkeys === 1 ? '' : 's'}` : null,
    person.totp ? 'authenticator app' : null,
  ]
    .filter(Boolean)
    .join(', ') || 'none yet'

const statusText = (person: StaffMember) =>
  person.status === 'disabled' ? 'Disabled' : person.enrolled ? 'Active' : 'Enrolment not finished'

/**
 * The buttons of one person's row, what an admin may change: small and side by side, Disable
 * last and in red words, no larger than the others (its dialog asks before anything happens).
 */
function RowActions({
  person,
  me,
  actor,
}: {
  person: StaffMember
  me: Me
  actor: StaffChangeActor
}) {
  if (person.status === 'disabled') return <span className={styles.muted}>No changes</span>
  const who = person.name || person.email
  const request = (change: Parameters<StaffChangeActor['send']>[0] & { type: 'REQUEST' }) =>
    actor.send(change)
  return (
    <div className={styles.rowActions}>
      <Button
        variant="secondary"
        compact
        aria-label={`Change the roles of ${who}`}
        onClick={() =>
          request({
            type: 'REQUEST',
            change: {
              call: 'staffroles',
              fields: { staff_id: String(person.id), roles: person.roles.join(',') },
              title: `Change the roles of ${who}?`,
              consequence: `${who} will hold the roles ticked below, and only those.`,
              confirmLabel: 'Change roles',
            },
          })
        }
      >
        Roles
      </Button>
      {person.enrolled ? null : (
        <Button
          variant="secondary"
          compact
          aria-label={`Send ${who} a new enrolment link`}
          onClick={() =>
            request({
              type: 'REQUEST',
              change: {
                call: 'staffresend',
                fields: { staff_id: String(person.id) },
                title: `Send ${who} a new enrolment link?`,
                consequence: `A new link goes to ${person.email}; the links sent before stop working.`,
                confirmLabel: 'Send the link',
              },
            })
          }
        >
          Resend link
        </Button>
      )}
      {person.enrolled && person.id !== me.id ? (
        <Button
          variant="secondary"
          compact
          aria-label={`Reset the sign-in of ${who}`}
          onClick={() =>
            request({
              type: 'REQUEST',
              change: {
                call: 'staffresetsignin',
                fields: { staff_id: String(person.id) },
                title: `Reset the sign-in of ${who}?`,
                consequence: `For a lost passkey or phone: ${who}'s passkeys, authenticator app and password are removed and their sessions end. A new enrolment link goes to ${person.email}.`,
                confirmLabel: 'Reset sign-in',
              },
            })
          }
        >
          Reset sign-in
        </Button>
      ) : null}
      {person.id === me.id ? null : (
        <Button
          variant="dangerQuiet"
          compact
          aria-label={`Disable ${who}`}
          onClick={() =>
            request({
              type: 'REQUEST',
              change: {
                call: 'staffdisable',
                fields: { staff_id: String(person.id) },
                title: `Disable ${who}?`,
                consequence: `${who} is signed out everywhere at once and cannot sign in again. Their name stays on everything they did.`,
                confirmLabel: 'Disable',
              },
            })
          }
        >
          Disable
        </Button>
      )}
    </div>
  )
}

/** Every member of staff; with `actor` (an admin), the buttons that change them. */
export function StaffTable({
  list,
  me,
  actor,
}: {
  list: StaffMember[]
  me: Me
  actor: StaffChangeActor | null
}) {
  const columns: ConsoleColumn<StaffMember>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      cell: ({ row }) => (
        <>
          {row.original.name}
          <EmailAddress
            address={row.original.email}
            className={`${styles.muted} ${styles.email}`}
          />
        </>
      ),
    },
    {
      id: 'roles',
      header: 'Roles',
      // Added by one admin while there are two: no role until a second admin approves (098).
      accessorFn: (row) => (row.roles.length > 0 ? roleNames(row.roles) : 'None yet'),
    },
    { id: 'status', header: 'Status', accessorFn: statusText },
    { id: 'factors', header: 'Second factors', accessorFn: factorsText, enableSorting: false },
    {
      id: 'added',
      header: 'Added',
      accessorFn: (row) => row.created_at,
      cell: ({ row }) => <When at={row.original.created_at} />,
    },
  ]
  if (actor)
    columns.push({
      id: 'actions',
      header: 'Changes',
      enableSorting: false,
      cell: ({ row }) => <RowActions person={row.original} me={me} actor={actor} />,
    })
  return (
    <DataTable caption="Members of staff" columns={columns} rows={list} emptyText="No staff yet." />
  )
}
