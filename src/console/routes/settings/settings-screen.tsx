import { settingsAreas } from '#api/contract/staff/settings-areas'
import { useDocumentTitle } from '#ui/use-document-title'
import { ConsoleLink } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { When } from '../../ui/when'
import { settingsRoute } from './route'
import * as styles from './settings.css'
import { originWords } from './version-words'

/** The areas of the settings, each with its version in use and the proposals waiting. */
export function SettingsScreen() {
  const { areas } = settingsRoute.useLoaderData<ConsoleRouter>()
  useDocumentTitle('Settings')
  return (
    <>
      <h1>Settings</h1>
      <p className={styles.about}>
        What customers are offered and charged, and how the bank works their requests. A change is
        proposed here and applies only when a second member of staff with the configuration role
        approves it in Approvals. Every version is kept, with who proposed and approved it and when.
      </p>
      <DataTable
        caption="The settings, by area"
        rows={areas}
        emptyText="No settings."
        columns={[
          {
            id: 'area',
            header: 'Area',
            accessorFn: (row) => settingsAreas[row.area].label,
            cell: ({ row }) => (
              <>
                <ConsoleLink to="/settings/$area" params={{ area: row.original.area }}>
                  {settingsAreas[row.original.area].label}
                </ConsoleLink>
                <br />
                <span className={styles.muted}>{settingsAreas[row.original.area].about}</span>
              </>
            ),
          },
          {
            id: 'version',
            header: 'In use',
            accessorFn: (row) => row.applied_at,
            cell: ({ row }) => (
              <>
                Version&nbsp;{row.original.version}, since <When at={row.original.applied_at} />
                <span className={styles.origin}>{originWords(row.original)}</span>
              </>
            ),
          },
          {
            id: 'waiting',
            header: 'Waiting',
            accessorFn: (row) => row.waiting,
            cell: ({ row }) =>
              row.original.waiting === 0
                ? '—'
                : `${row.original.waiting} ${row.original.waiting === 1 ? 'proposal' : 'proposals'}`,
          },
        ]}
      />
    </>
  )
}
