import type { FormEvent } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { currencySymbol, formatMoney } from '#api/money'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { NoteField } from '../../changes/note-field'
import { typedAmount, typedText } from '../../changes/typed-text'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import { DataTable } from '../../ui/data-table'
import { proposedColumn } from '../../ui/proposed-column'
import * as styles from './customers.css'

type Customer = StaffCallResponse<'customerpage'>
type Correction = Customer['corrections'][number]

const statusWords: Record<Correction['status'], string> = {
  proposed: 'Waiting for a second person',
  applied: 'Posted',
  dropped: 'Dropped',
}

const directionWords = { credit: 'Credit', debit: 'Debit' } as const

/**
 * The customer's corrections (docs/decisions/079), and for payments the form that proposes one:
 * confirmed in the staff-change dialog, then it waits in Approvals for a second person.
 */
export function CustomerCorrections({
  customer,
  actor,
  canPropose,
}: {
  customer: Customer
  actor: StaffChangeActor
  canPropose: boolean
}) {
  const symbol = currencySymbol(customer.account?.currency)
  return (
    <Card heading="Corrections">
      <div className={styles.stack}>
        <p>
          A manual credit or debit of the account, with the bank's reference and the reason the
          customer reads on the statement. One person with the payments role proposes it; it is
          posted only when a second approves it in Approvals.
        </p>
        {canPropose && customer.account && (
          // A new, empty form once a correction is proposed (it is then the newest).
          <CorrectionForm
            key={customer.corrections[0]?.id ?? 0}
            customer={customer}
            actor={actor}
            symbol={symbol}
          />
        )}
        <DataTable
          caption="The customer's latest corrections"
          rows={customer.corrections}
          emptyText="No correction."
          columns={[
            proposedColumn<Correction>(),
            {
              id: 'correction',
              header: 'Correction',
              accessorFn: (row) => row.amount,
              cell: ({ row }) =>
                `${directionWords[row.original.direction]} of ${formatMoney(row.original.amount, symbol)}`,
            },
            { id: 'reference', header: 'Reference', accessorFn: (row) => row.reference },
            { id: 'reason', header: 'Reason', accessorFn: (row) => row.reason },
            { id: 'status', header: 'Status', accessorFn: (row) => statusWords[row.status] },
          ]}
        />
      </div>
    </Card>
  )
}

function CorrectionForm({
  customer,
  actor,
  symbol,
}: {
  customer: Customer
  actor: StaffChangeActor
  symbol: string
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = typedText(event.currentTarget)
    const direction = text('direction') === 'debit' ? 'debit' : 'credit'
    const amount = text('amount')
    const shown = typedAmount(amount, symbol)
    const reason = text('reason')
    const note = text('note')
    const name = customer.profile.name
    actor.send({
      type: 'REQUEST',
      change: {
        call: 'correctionpropose',
        fields: {
          customer_id: String(customer.profile.id),
          direction,
          amount,
          reference: text('reference'),
          reason,
          ...(note ? { note } : {}),
        },
        title:
          direction === 'credit'
            ? `Propose a credit of ${shown} to ${name}?`
            : `Propose a debit of ${shown} from ${name}?`,
        consequence: `Nothing is posted until a second member of staff with the payments role approves it in Approvals. Then ${name} reads on the statement: "Correction: ${reason}".`,
        confirmLabel: 'Propose',
      },
    })
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Propose a correction">
      <h3>Propose a correction</h3>
      <SelectField
        label="Credit or debit"
        name="direction"
        options={[
          { value: 'credit', label: 'Credit: money into the account' },
          { value: 'debit', label: 'Debit: money out of the account' },
        ]}
      />
      <TextField
        label={`Amount (${symbol})`}
        name="amount"
        inputMode="decimal"
        required
        autoComplete="off"
      />
      <TextField
        label="Reference"
        name="reference"
        required
        maxLength={100}
        autoComplete="off"
        hint="The bank's own: a case or ticket number."
      />
      <TextField
        label="Reason the customer reads"
        name="reason"
        required
        maxLength={200}
        autoComplete="off"
      />
      <NoteField />
      <div>
        <Button type="submit">Propose the correction</Button>
      </div>
    </form>
  )
}
