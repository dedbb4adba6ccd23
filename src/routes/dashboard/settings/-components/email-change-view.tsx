import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { isEmailAddress } from '#api/contract/fields'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { EmailField } from '#ui/email-field'
import { useFocusFieldOnError } from '../../../-components/focus-field-on-error'
import { OneTimeCodeInput } from '../../../-components/one-time-code-input'
import * as styles from '../../-shared/settings-form.css'
import type { EmailChangeActor } from '../../-shared/settings-form-actor'

export interface EmailChangeViewProps {
  actor: EmailChangeActor
  /** The address on the account now. */
  currentEmail: string
}

/**
 * The e-mail address: the new one (Save disabled until it matches the pattern, spec 5), then
 * the 6-digit code sent to it. The old address is told by the bank once the change is made.
 */
export function EmailChangeView({ actor, currentEmail }: EmailChangeViewProps) {
  const step = useSelector(actor, (snapshot) =>
    snapshot.matches('code') || snapshot.matches('confirming') ? 'code' : 'address',
  )
  const saved = useSelector(actor, (snapshot) => snapshot.matches('saved'))
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  return (
    <Card heading={t`E-mail address`}>
      <p className={styles.lead}>
        <Trans>
          Current address: <span className={styles.strong}>{currentEmail}</span>
        </Trans>
      </p>
      {step === 'code' ? (
        <CodeStep actor={actor} />
      ) : saved ? (
        <div className={styles.form}>
          <NoticeAlert notice={notice} />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => actor.send({ type: 'CHANGE_ADDRESS' })}>
              <Trans>Change it again</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <AddressStep actor={actor} />
      )}
    </Card>
  )
}

function AddressStep({ actor }: { actor: EmailChangeActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldError = useSelector(actor, (snapshot) => snapshot.context.fieldError)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const [email, setEmail] = useState(() => actor.getSnapshot().context.email)
  const formRef = useFocusFieldOnError(fieldError)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'SUBMIT_EMAIL', email })
  }
  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <EmailField
        name="email"
        label={t`New e-mail address`}
        hint={t`We will send a 6-digit code to it.`}
        value={email}
        error={fieldError}
        disabled={busy}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <NoticeAlert notice={notice} />
      <div className={styles.actions}>
        <Button
          type="submit"
          busy={busy}
          busyLabel={t`Sending code…`}
          disabled={!isEmailAddress(email)}
        >
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}

/** The code step; its cells start empty again each time the machine empties them. */
function CodeStep({ actor }: { actor: EmailChangeActor }) {
  const resets = useSelector(actor, (snapshot) => snapshot.context.codeResets)
  return <CodeForm key={resets} actor={actor} />
}

function CodeForm({ actor }: { actor: EmailChangeActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldError = useSelector(actor, (snapshot) => snapshot.context.fieldError)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const email = useSelector(actor, (snapshot) => snapshot.context.email)
  const [code, setCode] = useState('')
  const formRef = useFocusFieldOnError(fieldError)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'SUBMIT_CODE', code })
  }
  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <NoticeAlert notice={notice} />
      <OneTimeCodeInput
        label={t`Code sent to ${email}`}
        error={fieldError}
        disabled={busy}
        onChange={setCode}
        autoFocus
      />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel={t`Confirming…`}>
          <Trans>Confirm</Trans>
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'CHANGE_ADDRESS' })}
        >
          <Trans>Use another address</Trans>
        </Button>
      </div>
    </form>
  )
}
