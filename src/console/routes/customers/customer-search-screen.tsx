import { type FormEvent, useId } from 'react'
import { Button } from '#ui/button'
import { useDocumentTitle } from '#ui/use-document-title'
import { holdsAnyOf } from '../../api/me'
import { ConsoleLink, useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { DataTable } from '../../ui/data-table'
import { When } from '../../ui/when'
import { signedInRoute } from '../signed-in'
import * as styles from './customers.css'
import { customerPageAccess } from './page-access'
import { customersRoute } from './route'

/** The search box and what it found; a customer's page opens for support, payments and the auditor. */
export function CustomerSearchScreen() {
  const { customers } = customersRoute.useLoaderData<ConsoleRouter>()
  const { q } = customersRoute.useSearch<ConsoleRouter>()
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  const fieldId = useId()
  const mayOpen = holdsAnyOf(me, customerPageAccess.allowed)
  useDocumentTitle('Customers')

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = new FormData(event.currentTarget).get('q')
    void navigate({ to: '/customers', search: { q: String(text ?? '').trim() || undefined } })
  }

  return (
    <>
      <h1>Customers</h1>
      <search>
        <form className={styles.searchForm} onSubmit={search}>
          <label htmlFor={fieldId}>E-mail, name or account number</label>
          <input
            id={fieldId}
            name="q"
            type="search"
            defaultValue={q ?? ''}
            minLength={2}
            maxLength={100}
            required
            className={styles.searchField}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {customers === null ? (
        <p>Type at least two characters.</p>
      ) : (
        <DataTable
          caption="Customers found"
          rows={customers}
          emptyText="Nobody matches."
          columns={[
            {
              id: 'name',
              header: 'Name',
              accessorFn: (row) => row.name,
              cell: ({ row }) =>
                mayOpen ? (
                  <ConsoleLink to="/customers/$id" params={{ id: String(row.original.id) }}>
                    {row.original.name}
                  </ConsoleLink>
                ) : (
                  row.original.name
                ),
            },
            { id: 'email', header: 'E-mail', accessorFn: (row) => row.email },
            { id: 'account', header: 'Account', accessorFn: (row) => row.account_no ?? '—' },
            { id: 'kyc', header: 'KYC', accessorFn: (row) => row.verification_status },
            { id: 'plan', header: 'Plan', accessorFn: (row) => row.plan },
            {
              id: 'since',
              header: 'Customer since',
              accessorFn: (row) => row.created_at,
              cell: ({ row }) => <When at={row.original.created_at} />,
            },
          ]}
        />
      )}
    </>
  )
}
