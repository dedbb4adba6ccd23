import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { payeeEditorMachine } from '#machines/payee-editor.machine'
import {
  emptyPayeeEntry,
  entryOf,
  type PayeeEntry,
  type PayeeEntryField,
  payeeEntryFields,
  payeeEntryLabels,
  shownNameOf,
} from '#machines/payee-entry'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { TextField } from '#ui/text-field'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from './payees.css'

export type PayeeEditorActor = ActorRefFrom<typeof payeeEditorMachine>

/** How each field is typed: its hint, and the browser's keyboard. */
const fieldInputs = (): Record<PayeeEntryField, { hint?: string; inputMode?: 'numeric' }> => ({
  nickname: { hint: t`Optional: the name you know them by, such as “Mum” or “Rent”.` },
  accountHolderName: {},
  bank: {},
  swiftCode: { hint: t`8 or 11 letters and digits, such as HBUKGB4B.` },
  accountNumber: { hint: t`Or the IBAN; spaces are fine.` },
  routingNumber: { inputMode: 'numeric' },
  country: {},
})

const entryFrom = (form: HTMLFormElement): PayeeEntry => {
  const data = new FormData(form)
  return Object.fromEntries(
    payeeEntryFields.map((field) => [field, String(data.get(field) ?? '')]),
  ) as PayeeEntry
}

/**
 * The payee editor (the machine's `form`): the nickname and the account details, Save and
 * Cancel. Editing a payee says that changed account details count as a new payee.
 */
export function PayeeEditorView({ actor }: { actor: PayeeEditorActor }) {
  const payee = useSelector(actor, (snapshot) => snapshot.context.payee)
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) =>
    snapshot.matches({ form: 'failed' }) ? snapshot.context.notice : null,
  )
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const { formRef, submit } = useSubmitFocusingFirstError((form) =>
    actor.send({ type: 'SUBMIT', entry: entryFrom(form) }),
  )
  const name = payee ? shownNameOf(payee) : ''
  const title = payee ? t`Edit ${name}` : t`Add a payee`
  const inputs = fieldInputs()
  const start = payee ? entryOf(payee) : emptyPayeeEntry

  // The editor opens where the customer can type at once.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus()
  }, [formRef])

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={title} className={styles.editor}>
      <h2 className={styles.editorTitle}>{title}</h2>
      {payee ? (
        <p className={styles.muted}>
          <Trans>
            Changing the account details makes your next transfer to them count as one to a new
            payee, which may ask for an extra confirmation. The nickname is yours alone.
          </Trans>
        </p>
      ) : null}
      <fieldset className={styles.fields} disabled={busy}>
        {payeeEntryFields.map((field) => (
          <TextField
            key={field}
            label={field === 'nickname' ? payeeEntryLabels[field] : `${payeeEntryLabels[field]} *`}
            name={field}
            required={field !== 'nickname'}
            autoComplete="off"
            inputMode={inputs[field].inputMode}
            hint={inputs[field].hint}
            defaultValue={start[field]}
            maxLength={field === 'nickname' ? 40 : undefined}
            error={errors[field] ?? null}
          />
        ))}
      </fieldset>
      <NoticeAlert notice={notice} />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel={t`Saving…`}>
          {payee ? t`Save the payee` : t`Add the payee`}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
