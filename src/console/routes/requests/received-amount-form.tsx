import type { FormEvent } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { formatMoney } from '#api/money'
import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import { NoteField } from '../../changes/note-field'
import { typedAmount, typedText } from '../../changes/typed-text'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import * as styles from './requests.css'

type RequestCase = StaffCallResponse<'requestcase'>

/**
 * A deposit confirmed with the amount the bank actually received (docs/decisions/079): that
 * amount is credited and the customer reads the reason. Confirmed in the staff-change dialog;
 * above the four-eyes threshold (of that amount) it waits for a second person.
 */
export function ReceivedAmountForm({
  item,
  actor,
}: {
  item: RequestCase
  actor: StaffChangeActor
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = typedText(event.currentTarget)
    const amount = text('amount')
    const received = typedAmount(amount)
    const note = text('note')
    actor.send({
      type: 'REQUEST',
      change: {
        call: 'requestdecide',
        fields: {
          id: String(item.id),
          decision: 'confirm',
          corrected_amount: amount,
          correction_reason: text('reason'),
          ...(note ? { note } : {}),
        },
        title: `Confirm ${received} instead of ${formatMoney(item.amount)}?`,
        consequence: `${item.name} is credited ${received}, the amount received, and reads your reason. Above the four-eyes threshold it waits for a second member of staff with the payments role.`,
        confirmLabel: 'Confirm',
      },
    })
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Confirm another amount">
      <h3>Confirm the amount received</h3>
      <p>When the payment on the chain is not the amount claimed.</p>
      <TextField
        label="Amount received"
        name="amount"
        inputMode="decimal"
        required
        autoComplete="off"
      />
      <TextField
        label="Reason the customer reads"
        name="reason"
        required
        maxLength={200}
        autoComplete="off"
      />
      <NoteField label="Why (for a second person)" />
      <div>
        <Button type="submit" variant="secondary">
          Confirm the amount received
        </Button>
      </div>
    </form>
  )
}
