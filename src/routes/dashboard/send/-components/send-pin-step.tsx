import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { digitsOnly, fieldRules } from '#api/contract/field-rules'
import { currencySymbol, formatMoney, parseAmount } from '#api/money'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { TextField } from '#ui/text-field'
import { useFocusFieldOnError } from '../../../-components/focus-field-on-error'
import * as styles from './send.css'
import type { SendActor } from './send-view'

/**
 * dashboard/send/pin: the transaction PIN, then the e-mailed Transfer Authorization Code when
 * the server asks for one (or, for a customer with a passkey, "Approve with your passkey", in
 * the browser's payment dialog where it offers one: decisions 081 and 082), or Try again when
 * newtrs gave no answer. A refused or failed entry empties the field (spec 8).
 */
export function SendPinStep({ actor }: { actor: SendActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const codeStep = snapshot.hasTag('codeStep')
  const amount = formatMoney(
    parseAmount(context.form.amount) ?? 0,
    currencySymbol(context.currency),
  )
  const { accountHolderName: name, bank } = context.form

  if (snapshot.hasTag('passkeyStep')) {
    return (
      <Card as="div" className={styles.card}>
        <h2 className={styles.stepTitle}>
          <Trans>Approve with your passkey</Trans>
        </h2>
        <p className={styles.sumLabel}>
          <Trans>
            {amount} to {name}, {bank}
          </Trans>
        </p>
        {context.stepUp ? <AlertBox display type="warning" msg={context.stepUp.message} /> : null}
        {context.paymentDialog ? (
          <p className={styles.sumLabel}>
            <Trans>
              Your browser shows the amount and the payee for you to check before your passkey
              approves them.
            </Trans>
          </p>
        ) : null}
        <NoticeAlert notice={context.alert} />
        <div className={styles.actions}>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => actor.send({ type: 'BACK' })}
          >
            <Trans>Back</Trans>
          </Button>
          <Button
            type="button"
            busy={busy}
            busyLabel={
              context.paymentDialog
                ? t`Waiting for your browser’s confirmation…`
                : t`Waiting for your passkey…`
            }
            onClick={() => actor.send({ type: 'APPROVE_WITH_PASSKEY' })}
          >
            <Trans>Approve with your passkey</Trans>
          </Button>
        </div>
      </Card>
    )
  }

  if (snapshot.matches({ pin: 'submitFailed' })) {
    return (
      <Card as="div" className={styles.card}>
        <h2 className={styles.stepTitle}>
          <Trans>Your transfer was not confirmed</Trans>
        </h2>
        <NoticeAlert notice={context.alert} />
        <p className={styles.sumLabel}>
          <Trans>Trying again sends the same transfer: it is never made twice.</Trans>
        </p>
        <div className={styles.actions}>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </Card>
    )
  }

  return (
    <Card as="div" className={styles.card}>
      <h2 className={styles.stepTitle}>
        {codeStep ? t`Enter the Transfer Authorization Code` : t`Enter your transaction PIN`}
      </h2>
      <p className={styles.sumLabel}>
        <Trans>
          {amount} to {name}, {bank}
        </Trans>
      </p>
      {codeStep && context.stepUp ? (
        <AlertBox display type="warning" msg={context.stepUp.message} />
      ) : null}
      <SecretForm
        key={`${codeStep ? 'code' : 'pin'}-${context.secretResets}`}
        label={codeStep ? t`Transfer Authorization Code` : t`PIN`}
        digits={codeStep ? fieldRules.code.digits : fieldRules.pin.digits}
        busy={busy}
        error={context.alert?.message ?? null}
        onSubmit={(value) =>
          actor.send(
            codeStep ? { type: 'SUBMIT_CODE', code: value } : { type: 'SUBMIT_PIN', pin: value },
          )
        }
        onBack={() => actor.send({ type: 'BACK' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
    </Card>
  )
}

interface SecretFormProps {
  label: string
  digits: number
  busy: boolean
  error: string | null
  onSubmit: (value: string) => void
  onBack: () => void
  onCancel: () => void
}

/** A masked numeric field with Confirm, Back and Cancel; it keeps its own digits. */
function SecretForm({ label, digits, busy, error, onSubmit, onBack, onCancel }: SecretFormProps) {
  const [value, setValue] = useState('')
  const formRef = useFocusFieldOnError(error)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(value)
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className={styles.card}>
      <TextField
        className={styles.secretField}
        label={label}
        name={digits === fieldRules.pin.digits ? 'pin' : 'code'}
        type={digits === fieldRules.pin.digits ? 'password' : 'text'}
        inputMode="numeric"
        autoComplete={digits === fieldRules.pin.digits ? 'off' : 'one-time-code'}
        pattern={`[0-9]{${digits}}`}
        maxLength={digits}
        autoFocus
        value={value}
        error={error}
        disabled={busy}
        onChange={(event) => setValue(digitsOnly(event.target.value, digits))}
      />
      <div className={styles.actions}>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" busy={busy} busyLabel={t`Checking…`}>
          <Trans>Confirm</Trans>
        </Button>
      </div>
    </form>
  )
}
