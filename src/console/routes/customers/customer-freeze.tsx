import type { FormEvent } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import type { StaffChange } from '#machines/staff-change.machine'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { TextField } from '#ui/text-field'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import { When } from '../../ui/when'
import * as styles from './customers.css'

type Customer = StaffCallResponse<'customerpage'>

/**
 * Freezing the account (docs/decisions/079): one person, at once; lifting the freeze is a
 * proposal a second person with the payments role approves, and the account stays frozen until
 * then. Both confirmed in the staff-change dialog.
 */
export function CustomerFreeze({
  customer,
  actor,
  canAct,
}: {
  customer: Customer
  actor: StaffChangeActor
  canAct: boolean
}) {
  const { notice, unfreeze_waiting: waiting } = customer
  const frozenAt = notice?.frozen_at ?? null
  const name = customer.profile.name
  const customerId = String(customer.profile.id)
  return (
    <Card heading="Freeze">
      <div className={styles.stack}>
        {frozenAt ? (
          <p>
            <strong>Frozen</strong> since <When at={frozenAt} />: {name} cannot sign in or move
            money out, and sees the account notice.
            {notice?.freeze_reason && (
              <>
                <br />
                Why: {notice.freeze_reason}
              </>
            )}
          </p>
        ) : (
          <p>
            Not frozen. A freeze holds at once: the customer's sessions end, they cannot sign in or
            move money out, and they see the account notice. Lifting it needs a second person.
          </p>
        )}
        {waiting && (
          <p>
            Lifting the freeze waits for a second person with the payments role (approval{' '}
            {waiting.approval_id}, proposed by {waiting.proposed_by}, <When at={waiting.at} />
            ).
          </p>
        )}
        {canAct && !frozenAt && (
          <ReasonForm
            key="freeze"
            heading="Freeze the account"
            label="Why (for the staff)"
            submit="Freeze the account"
            danger
            change={(reason) => ({
              call: 'customerfreeze',
              fields: { customer_id: customerId, reason },
              title: `Freeze ${name}'s account?`,
              consequence: `At once: ${name}'s sessions end, they cannot sign in or move money out, and they see the account notice. Lifting the freeze needs a second person.`,
              confirmLabel: 'Freeze',
            })}
            actor={actor}
          />
        )}
        {canAct && frozenAt && !waiting && (
          <ReasonForm
            key="unfreeze"
            heading="Lift the freeze"
            label="Why it can be lifted"
            submit="Propose to lift the freeze"
            change={(reason) => ({
              call: 'customerunfreeze',
              fields: { customer_id: customerId, reason },
              title: `Propose to lift the freeze on ${name}'s account?`,
              consequence:
                'The account stays frozen until a second member of staff with the payments role approves it in Approvals.',
              confirmLabel: 'Propose',
            })}
            actor={actor}
          />
        )}
      </div>
    </Card>
  )
}

/** One reason, then the change's confirmation. */
function ReasonForm({
  heading,
  label,
  submit,
  danger = false,
  change,
  actor,
}: {
  heading: string
  label: string
  submit: string
  danger?: boolean
  change: (reason: string) => StaffChange
  actor: StaffChangeActor
}) {
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    actor.send({ type: 'REQUEST', change: change(reason) })
  }
  return (
    <form className={styles.form} onSubmit={send} aria-label={heading}>
      <TextField label={label} name="reason" required maxLength={500} autoComplete="off" />
      <div>
        <Button type="submit" variant={danger ? 'danger' : 'primary'}>
          {submit}
        </Button>
      </div>
    </form>
  )
}
