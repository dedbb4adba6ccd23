import { type FormEvent, useId, useState } from 'react'
import { failureMessage } from '#api/call-failure'
import type { StaffCallResponse } from '#api/contract/staff'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { toast } from '#ui/toast-store'
import { staffCall } from '../../api/staff-call'
import type { StaffCallResult } from '../../api/staff-client'
import { ConfirmAction } from '../../ui/confirm-action'
import { When } from '../../ui/when'
import * as styles from './customers.css'

type Customer = StaffCallResponse<'customerpage'>

interface Props {
  customer: Customer
  canAct: boolean
  reload: () => void
}

/** The account notice (set, clear) and a notification to the customer. */
export function CustomerMessages({ customer, canAct, reload }: Props) {
  const customerId = String(customer.profile.id)
  const { notice } = customer
  return (
    <Card heading="Account notice and notifications">
      {notice ? (
        <p>
          Notice since <When at={notice.set_at} />: <strong>{notice.head}</strong> {notice.body}
        </p>
      ) : (
        <p>No account notice: the customer uses their account as usual.</p>
      )}
      {notice?.frozen_at && (
        <p>This notice is a freeze: lifting it needs a second person (see Freeze above).</p>
      )}
      {canAct && notice && !notice.frozen_at && (
        <ConfirmAction
          label="Clear the notice"
          consequence="The customer can sign in and move money again."
          act={() => staffCall('customernotice', { customer_id: customerId, change: 'clear' })}
          done={reload}
        />
      )}
      {canAct && (
        <>
          <TwoFieldForm
            heading="Set the account notice"
            hint="It ends the customer's sessions, and no money leaves the account until it is cleared."
            submit="Set the notice"
            send={(head, body) =>
              staffCall('customernotice', { customer_id: customerId, change: 'set', head, body })
            }
            done={reload}
          />
          <TwoFieldForm
            heading="Send a notification"
            hint="The customer sees it in the portal's notifications."
            submit="Send"
            send={(title, body) =>
              staffCall('customernotify', { customer_id: customerId, title, body })
            }
            done={reload}
          />
        </>
      )}
    </Card>
  )
}

interface TwoFieldFormProps {
  heading: string
  hint: string
  submit: string
  send: (first: string, second: string) => Promise<StaffCallResult<'customernotify'>>
  done: () => void
}

/** A heading and a text, sent with one button; the server's answer as a toast. */
function TwoFieldForm({ heading, hint, submit, send, done }: TwoFieldFormProps) {
  const [busy, setBusy] = useState(false)
  const firstId = useId()
  const secondId = useId()
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const fields = new FormData(form)
    setBusy(true)
    const answer = await send(String(fields.get('first') ?? ''), String(fields.get('second') ?? ''))
    setBusy(false)
    if (answer.ok && answer.data.status) {
      toast({ type: 'success', message: answer.data.message })
      form.reset()
      done()
    } else
      toast({ type: 'error', message: answer.ok ? answer.data.message : failureMessage(answer) })
  }
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
      <h3>{heading}</h3>
      <p>{hint}</p>
      <label htmlFor={firstId}>Heading</label>
      <input id={firstId} name="first" required maxLength={100} className={styles.textField} />
      <label htmlFor={secondId}>Text</label>
      <textarea
        id={secondId}
        name="second"
        required
        maxLength={2000}
        className={styles.textField}
      />
      <div>
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
      </div>
    </form>
  )
}
