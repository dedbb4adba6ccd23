import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { digitsOnly, fieldRules } from '#api/contract/field-rules'
import type { pinCreationMachine } from '#machines/pin-creation.machine'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { Stack } from '#ui/stack'
import { TextField } from '#ui/text-field'
import * as form from '../../../-components/account-form.css'
import { useFocusFieldOnError } from '../../../-components/focus-field-on-error'
import { SuccessMark } from '../../../-components/success-mark'
import * as styles from './pin-creation.css'

export type PinCreationActor = ActorRefFrom<typeof pinCreationMachine>

/**
 * PIN creation drawn from its machine: the first entry, the re-entry, or "PIN created" with
 * Continue while the 3 s wait runs. The fields keep their own digits and Confirm sends them;
 * the machine decides what follows. The PIN is typed into a masked numeric field (type
 * password), see docs/decisions/010-pin-creation.md.
 */
export function PinCreationView({ actor }: { actor: PinCreationActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { context } = snapshot

  if (snapshot.hasTag('redirecting')) {
    return (
      <Card as="div" className={styles.card}>
        <div className={form.outcome}>
          <SuccessMark />
          <h1 className={form.title}>
            <Trans>PIN created</Trans>
          </h1>
          <p className={form.lead}>
            <Trans>Taking you to your dashboard in a few seconds.</Trans>
          </p>
          <div className={form.actions}>
            <Button
              fullWidth
              onClick={() => actor.send({ type: 'CONTINUE' })}
              aria-label={t`Continue to your dashboard`}
            >
              <Trans>Continue</Trans>
            </Button>
          </div>
        </div>
      </Card>
    )
  }

  const reentry = snapshot.hasTag('reentryStep')
  return (
    <Card as="div" className={styles.card}>
      <PinStep
        // A new step, or an emptied re-entry (mismatch, failed call): a fresh, focused field.
        key={reentry ? `reentry-${context.reentryResets}` : 'entry'}
        reentry={reentry}
        error={context.error}
        busy={snapshot.hasTag('busy')}
        onEdit={() => actor.send({ type: 'EDIT' })}
        onConfirm={(pin) => actor.send({ type: 'CONFIRM', pin })}
        onStartOver={() => actor.send({ type: 'START_OVER' })}
      />
    </Card>
  )
}

interface PinStepProps {
  reentry: boolean
  error: string | null
  busy: boolean
  onEdit: () => void
  onConfirm: (pin: string) => void
  onStartOver: () => void
}

function PinStep({ reentry, error, busy, onEdit, onConfirm, onStartOver }: PinStepProps) {
  const [pin, setPin] = useState('')
  const formRef = useFocusFieldOnError(error)
  const step = reentry ? 2 : 1

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onConfirm(pin)
  }

  return (
    <Stack gap="xl">
      <header className={form.header}>
        <p className={styles.step}>
          <Trans>Step {step} of 2</Trans>
        </p>
        <h1 className={form.title}>
          {reentry ? <Trans>Re-enter your PIN</Trans> : <Trans>Create your transaction PIN</Trans>}
        </h1>
        <p className={form.lead}>
          {reentry ? (
            <Trans>Enter the same 4 digits again to confirm them.</Trans>
          ) : (
            <Trans>Choose 4 digits. You will enter this PIN to confirm every transfer.</Trans>
          )}
        </p>
      </header>
      <form ref={formRef} className={form.form} onSubmit={submit} noValidate>
        <fieldset className={form.fields} disabled={busy}>
          <TextField
            className={styles.pinField}
            label={reentry ? t`Re-enter PIN` : t`PIN`}
            name={reentry ? 'confirm-pin' : 'pin'}
            type="password"
            inputMode="numeric"
            // new-password: browsers must not fill in a saved passcode here
            autoComplete="new-password"
            pattern={`[0-9]{${fieldRules.pin.digits}}`}
            maxLength={fieldRules.pin.digits}
            required
            autoFocus
            value={pin}
            error={error}
            onChange={(event) => {
              setPin(digitsOnly(event.target.value, fieldRules.pin.digits))
              onEdit()
            }}
          />
          <Button type="submit" fullWidth busy={busy} busyLabel={t`Creating your PIN…`}>
            <Trans>Confirm</Trans>
          </Button>
        </fieldset>
      </form>
      {reentry ? (
        <button
          type="button"
          className={`${form.linkButton} ${styles.startOver}`}
          onClick={onStartOver}
          disabled={busy}
        >
          <Trans>Start over with a different PIN</Trans>
        </button>
      ) : null}
    </Stack>
  )
}
