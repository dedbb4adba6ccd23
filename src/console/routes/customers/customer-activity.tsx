import type { StaffCallResponse } from '#api/contract/staff'
import { currencySymbol, formatMoney } from '#api/money'
import { Card } from '#ui/card'
import { ConsoleLink } from '../../navigation'
import { DataTable } from '../../ui/data-table'
import { statusText } from '../../ui/status-text'
import { When } from '../../ui/when'

type Customer = StaffCallResponse<'customerpage'>

/** The customer's latest requests, transfers, notifications and KYC documents. */
export function CustomerActivity({ customer }: { customer: Customer }) {
  return (
    <>
      <Card heading="KYC documents">
        <DataTable
          caption="KYC submissions and requests"
          rows={[
            ...customer.kyc.submissions.map((row) => ({
              what: `Submission ${row.id}`,
              status: row.status,
              at: row.submitted_at,
              files: [row.photo, row.front, row.back],
              link: row.id,
            })),
            ...customer.kyc.requests.map((row) => ({
              what: `Request ${row.id}`,
              status: row.status,
              at: row.submitted_at,
              files: [row.document],
              link: null,
            })),
          ]}
          emptyText="No KYC document yet."
          columns={[
            {
              id: 'what',
              header: 'What',
              accessorFn: (row) => row.what,
              cell: ({ row }) =>
                row.original.link ? (
                  <ConsoleLink to="/kyc/$id" params={{ id: String(row.original.link) }}>
                    {row.original.what}
                  </ConsoleLink>
                ) : (
                  row.original.what
                ),
            },
            { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
            {
              id: 'at',
              header: 'Sent',
              accessorFn: (row) => row.at,
              cell: ({ row }) => <When at={row.original.at} />,
            },
            {
              id: 'files',
              header: 'Files',
              enableSorting: false,
              cell: ({ row }) =>
                row.original.files.map((file, index) => (
                  <a key={file.id} href={file.url} target="_blank" rel="noopener noreferrer">
                    File {index + 1}{' '}
                  </a>
                )),
            },
          ]}
        />
      </Card>
      <Card heading="Requests">
        <DataTable
          caption="The customer's latest requests"
          rows={customer.requests}
          emptyText="No request."
          columns={[
            {
              id: 'id',
              header: 'Request',
              accessorFn: (row) => row.id,
              cell: ({ row }) => (
                <ConsoleLink to="/requests/$id" params={{ id: String(row.original.id) }}>
                  {row.original.kind} {row.original.id}
                </ConsoleLink>
              ),
            },
            { id: 'coin', header: 'Coin', accessorFn: (row) => row.coin },
            {
              id: 'amount',
              header: 'Amount',
              accessorFn: (row) => row.amount,
              cell: ({ row }) => formatMoney(row.original.amount),
            },
            { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
            {
              id: 'at',
              header: 'Sent',
              accessorFn: (row) => row.submitted_at,
              cell: ({ row }) => <When at={row.original.submitted_at} />,
            },
          ]}
        />
      </Card>
      <Card heading="Transfers">
        <DataTable
          caption="The customer's latest transfers"
          rows={customer.transfers}
          emptyText="No transfer."
          columns={[
            { id: 'payee', header: 'Payee', accessorFn: (row) => row.payee_name },
            {
              id: 'amount',
              header: 'Amount (charge)',
              accessorFn: (row) => row.amount,
              cell: ({ row }) => {
                const symbol = currencySymbol(row.original.currency)
                return `${formatMoney(row.original.amount, symbol)} (${formatMoney(row.original.charge, symbol)})`
              },
            },
            { id: 'status', header: 'Status', accessorFn: (row) => statusText(row.status) },
            {
              id: 'at',
              header: 'Sent',
              accessorFn: (row) => row.submitted_at,
              cell: ({ row }) => <When at={row.original.submitted_at} />,
            },
          ]}
        />
      </Card>
      <Card heading="Notifications">
        <DataTable
          caption="The customer's latest notifications"
          rows={customer.notifications}
          emptyText="No notification."
          columns={[
            { id: 'title', header: 'Title', accessorFn: (row) => row.title },
            { id: 'body', header: 'Text', accessorFn: (row) => row.body },
            { id: 'read', header: 'Read', accessorFn: (row) => (row.read ? 'Yes' : 'No') },
            {
              id: 'at',
              header: 'Sent',
              accessorFn: (row) => row.created_at,
              cell: ({ row }) => <When at={row.original.created_at} />,
            },
          ]}
        />
      </Card>
    </>
  )
}
