import { buttonClass } from '#ui/button'
import { useDocumentTitle } from '#ui/use-document-title'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { KeysetPager } from '../../ui/keyset-pager'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import * as styles from './audit.css'
import { AuditDetails } from './audit-details'
import { AuditFilterForm } from './audit-filter-form'
import { exportAddress, filterOf } from './audit-search'
import { auditRoute } from './route'
import { CustomerLink, TouchedLink } from './touched-link'

/**
 * The audit log (issue 18): who did or read what, when, to whom, newest first; the filtered list
 * downloads as CSV. The entries cannot be changed, and they chain (`npm run ops -- audit verify`).
 */
export function AuditScreen() {
  const list = auditRoute.useLoaderData<ConsoleRouter>()
  const search = auditRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const staffNames = new Map(list.people.map((person) => [person.staff_id, person.name]))
  const { page: _page, after: _after, before: _before, ...applied } = search
  const filter = filterOf(search)
  useDocumentTitle('Audit log')
  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Audit log</h1>
        <a className={buttonClass({ variant: 'secondary' })} href={exportAddress(search)} download>
          Download as CSV
        </a>
      </div>
      <AuditFilterForm
        key={JSON.stringify(filter)}
        applied={applied}
        choices={list}
        onApply={(filter) => navigate({ to: '/audit', search: filter })}
      />
      {list.unknown_customer ? (
        <p role="status">No customer has the e-mail or account number “{search.customer}”.</p>
      ) : null}
      <DataTable
        caption="Audit log entries, newest first"
        rows={list.entries}
        emptyText="No entry matches."
        columns={[
          {
            id: 'at',
            header: 'When',
            accessorFn: (row) => row.at,
            cell: ({ row }) => <When at={row.original.at} />,
          },
          {
            id: 'person',
            header: 'Who',
            accessorFn: (row) => row.person.name ?? row.person.operator,
            cell: ({ row }) =>
              row.original.person.name ?? `${row.original.person.operator} (terminal)`,
          },
          {
            id: 'command',
            header: 'Action',
            accessorFn: (row) => row.command,
            cell: ({ row }) => (
              <>
                {row.original.command}
                <span className={styles.outcome}>{statusText(row.original.outcome)}</span>
              </>
            ),
          },
          {
            id: 'customer',
            header: 'Customer',
            accessorFn: (row) => row.customer?.name ?? '',
            cell: ({ row }) => <CustomerLink entry={row.original} me={me} />,
          },
          {
            id: 'touched',
            header: 'Touched',
            enableSorting: false,
            cell: ({ row }) => <TouchedLink entry={row.original} me={me} staffNames={staffNames} />,
          },
          {
            id: 'detail',
            header: 'Details',
            enableSorting: false,
            cell: ({ row }) => (
              <AuditDetails detail={row.original.detail} args={row.original.args} />
            ),
          },
        ]}
      />
      <KeysetPager
        facts={list}
        shown={list.entries.length}
        onOlder={(after) =>
          navigate({ to: '/audit', search: { ...applied, page: list.page + 1, after } })
        }
        onNewer={(before) =>
          // Back to the first page is back to the newest entries, whatever arrived since.
          navigate({
            to: '/audit',
            search: list.page <= 2 ? applied : { ...applied, page: list.page - 1, before },
          })
        }
      />
    </>
  )
}
