import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { SavedPayee } from '#machines/send.machine'
import { type TransferField, type TransferForm, transferLabels } from '#machines/send.rules'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { CheckboxField } from '#ui/checkbox-field'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from './send.css'
import type { SendActor } from './send-view'

/** How each field is typed: the browser's keyboard and autofill hints. */
const fieldInputs: Record<TransferField, { inputMode?: 'decimal' | 'numeric'; wide?: boolean }> = {
  bank: {},
  swiftCode: {},
  currency: {},
  routingNumber: { inputMode: 'numeric' },
  country: {},
  accountNumber: {},
  accountHolderName: {},
  amount: { inputMode: 'decimal' },
  note: { wide: true },
}

const fieldOrder = Object.keys(fieldInputs) as TransferField[]

function lastDigits(accountNumber: string): string {
  return accountNumber.slice(-4)
}

const payeeFields = [
  'bank',
  'swiftCode',
  'routingNumber',
  'country',
  'accountNumber',
  'accountHolderName',
] as const

/** The payee of the book the form holds, as picked (every payee field as the book has it). */
function pickedPayee(payees: readonly SavedPayee[], form: TransferForm): SavedPayee | undefined {
  return payees.find((payee) => payeeFields.every((field) => payee[field] === form[field]))
}

const payeeLabel = (payee: SavedPayee) =>
  `${payee.nickname ? `${payee.nickname} (${payee.accountHolderName})` : payee.accountHolderName}, ${payee.bank} ····${lastDigits(payee.accountNumber)}`

/** dashboard/send: a payee of the book to start from, the transfer's fields, "save this payee". */
export function SendFormStep({ actor }: { actor: SendActor }) {
  const form = useSelector(actor, (snapshot) => snapshot.context.form)
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const payees = useSelector(actor, (snapshot) => snapshot.context.payees)
  const picked = pickedPayee(payees, form)
  const nickname = picked?.nickname
  const savePayee = useSelector(actor, (snapshot) => snapshot.context.savePayee)
  const { formRef, submit } = useSubmitFocusingFirstError(() => actor.send({ type: 'SUBMIT' }))

  return (
    <Card as="div" className={styles.card}>
      <h2 className={styles.stepTitle}>
        <Trans>Transfer details</Trans>
      </h2>
      <p className={styles.sumLabel}>
        <Trans>
          Send now, later or repeatedly: choose when on the next step.{' '}
          <Link to="/dashboard/scheduled">Your scheduled transfers</Link>
        </Trans>
      </p>
      {payees.length > 0 ? (
        <SelectField
          label={t`Your payees`}
          placeholder={t`Choose one of your payees`}
          value={picked ? String(picked.id) : ''}
          hint={nickname ? t`Sending to ${nickname}.` : undefined}
          options={payees.map((payee) => ({ value: String(payee.id), label: payeeLabel(payee) }))}
          onChange={(event) => {
            if (event.target.value !== '')
              actor.send({ type: 'PICK_PAYEE', id: Number(event.target.value) })
          }}
        />
      ) : null}
      <form ref={formRef} onSubmit={submit} noValidate className={styles.card}>
        <fieldset className={styles.fields}>
          {fieldOrder.map((field) => (
            <TextField
              key={field}
              className={fieldInputs[field].wide ? styles.wide : undefined}
              label={`${transferLabels[field]} *`}
              name={field}
              required
              inputMode={fieldInputs[field].inputMode}
              autoComplete="off"
              value={form[field]}
              error={errors[field] ?? null}
              readOnly={field === 'currency'}
              hint={field === 'currency' ? t`Your account’s currency` : undefined}
              onChange={(event) => actor.send({ type: 'EDIT', field, value: event.target.value })}
            />
          ))}
        </fieldset>
        <CheckboxField
          label={t`Save this payee for my next transfer`}
          checked={savePayee}
          onChange={(event) => actor.send({ type: 'SAVE_PAYEE', save: event.target.checked })}
        />
        <div className={styles.actions}>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Continue</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}
