import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import type { CallResponse } from '#api/contract'
import { fieldRules } from '#api/contract/field-rules'
import { formatDayMonthYear } from '#api/day-month-year'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { TextField } from '#ui/text-field'
import type { SectionData } from '../../-shared/section-data'
import * as formStyles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'
import type { PasskeyEnrolmentActor } from './passkey-enrolment-actor'
import * as styles from './security.css'

type Passkey = CallResponse<'passkeyList'>['passkeys'][number]

export interface PasskeysViewProps {
  passkeys: SectionData<'passkeyList'>
  enrolment: PasskeyEnrolmentActor
  rename: SettingsFormActor
  remove: SettingsFormActor
}

function usedText(passkey: Passkey): string {
  const added = formatDayMonthYear(passkey.createdAt)
  const lastUsed = passkey.lastUsedAt ? formatDayMonthYear(passkey.lastUsedAt) : null
  return [
    t`Added ${added}.`,
    lastUsed ? t`Last used ${lastUsed}.` : t`Not used yet.`,
    passkey.synced ? t`Synced to your other devices.` : null,
    passkey.payments ? t`Approves payments in your browser’s own dialog.` : null,
  ]
    .filter(Boolean)
    .join(' ')
}

/** The passcode field every passkey change asks for again. */
function PasscodeField({ error, disabled }: { error?: string | null; disabled: boolean }) {
  return (
    <TextField
      label={t`Your passcode`}
      name="passcode"
      type="password"
      inputMode="numeric"
      autoComplete="current-password"
      maxLength={fieldRules.passcode.digits}
      hint={t`Enter it again to change your passkeys.`}
      error={error ?? null}
      disabled={disabled}
    />
  )
}

/**
 * Passkeys (issue 19 item 3, decision 081): each with its name, when added and last used;
 * "Add a passkey" (the enrolment statechart), and Rename and Remove (the settings-form
 * statechart), each after the passcode again.
 */
export function PasskeysView({ passkeys, enrolment, rename, remove }: PasskeysViewProps) {
  const [changing, setChanging] = useState<{ id: number; action: 'rename' | 'remove' } | null>(null)
  const enrolling = useSelector(enrolment, (snapshot) => snapshot.hasTag('form'))
  const enrolmentNotice = useSelector(enrolment, (snapshot) => snapshot.context.notice)
  const renameNotice = useSelector(rename, (snapshot) => snapshot.context.notice)
  const removeNotice = useSelector(remove, (snapshot) => snapshot.context.notice)
  return (
    <Card heading={t`Passkeys`}>
      <p className={formStyles.lead}>
        <Trans>
          Sign in and approve large transfers with your device's lock (fingerprint, face or PIN)
          instead of your passcode and e-mailed codes.
        </Trans>
      </p>
      {passkeys.status === 'failed' ? (
        <AlertBox display type="error" msg={passkeys.message} />
      ) : passkeys.data.passkeys.length === 0 ? (
        <p className={styles.empty}>
          <Trans>You have no passkey yet.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Your passkeys`}>
          {passkeys.data.passkeys.map((passkey) => {
            const { name } = passkey
            return (
              <li key={passkey.id} className={styles.row}>
                <div className={styles.facts}>
                  <span className={styles.name}>{name}</span>
                  <span className={styles.detail}>{usedText(passkey)}</span>
                </div>
                <div className={formStyles.actions}>
                  <Button
                    variant="secondary"
                    aria-label={t`Rename ${name}`}
                    onClick={() => setChanging({ id: passkey.id, action: 'rename' })}
                  >
                    <Trans>Rename</Trans>
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t`Remove ${name}`}
                    onClick={() => setChanging({ id: passkey.id, action: 'remove' })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {changing ? (
        <PasskeyChangeForm
          key={`${changing.action}-${changing.id}`}
          actor={changing.action === 'rename' ? rename : remove}
          action={changing.action}
          passkey={
            passkeys.status === 'ready'
              ? passkeys.data.passkeys.find((each) => each.id === changing.id)
              : undefined
          }
          onClose={() => setChanging(null)}
        />
      ) : (
        <NoticeAlert notice={renameNotice ?? removeNotice} />
      )}
      {enrolling ? (
        <EnrolmentForm actor={enrolment} />
      ) : (
        <div className={formStyles.form}>
          <NoticeAlert notice={enrolmentNotice} />
          <div className={formStyles.actions}>
            <Button onClick={() => enrolment.send({ type: 'START' })}>
              <Trans>Add a passkey</Trans>
            </Button>
          </div>
        </div>
      )}
    </Card>
  )
}

function EnrolmentForm({ actor }: { actor: PasskeyEnrolmentActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    actor.send({
      type: 'SUBMIT',
      name: String(data.get('name') ?? ''),
      passcode: String(data.get('passcode') ?? ''),
    })
  }
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t`Add a passkey`}>
      <TextField
        label={t`Name of the passkey`}
        name="name"
        hint={t`The device it is on, such as “My phone”.`}
        maxLength={60}
        error={fieldErrors.name ?? null}
        disabled={busy}
      />
      <PasscodeField error={fieldErrors.passcode} disabled={busy} />
      <NoticeAlert notice={notice} />
      <div className={formStyles.actions}>
        <Button type="submit" busy={busy} busyLabel={t`Waiting for your passkey…`}>
          <Trans>Continue</Trans>
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

interface PasskeyChangeFormProps {
  actor: SettingsFormActor
  action: 'rename' | 'remove'
  passkey: Passkey | undefined
  onClose: () => void
}

/** Rename or Remove one passkey: its new name, the passcode, Confirm and Cancel. */
function PasskeyChangeForm({ actor, action, passkey, onClose }: PasskeyChangeFormProps) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const saved = useSelector(actor, (snapshot) => snapshot.matches({ form: 'saved' }))
  if (!passkey || saved)
    return (
      <div className={formStyles.form}>
        <NoticeAlert notice={notice} />
      </div>
    )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    actor.send({
      type: 'SUBMIT',
      entry: {
        passkey: String(passkey.id),
        name: String(data.get('name') ?? ''),
        passcode: String(data.get('passcode') ?? ''),
      },
    })
  }
  const { name } = passkey
  const title = action === 'rename' ? t`Rename ${name}` : t`Remove ${name}`
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={title}>
      <p className={formStyles.strong}>{title}</p>
      {action === 'rename' ? (
        <TextField
          label={t`New name`}
          name="name"
          defaultValue={passkey.name}
          maxLength={60}
          error={fieldErrors.name ?? null}
          disabled={busy}
        />
      ) : (
        <p className={formStyles.lead}>
          <Trans>
            It will sign nothing in from then on. Remove it from your device's settings too.
          </Trans>
        </p>
      )}
      <PasscodeField error={fieldErrors.passcode} disabled={busy} />
      <NoticeAlert notice={notice} />
      <div className={formStyles.actions}>
        <Button type="submit" busy={busy} busyLabel={t`Saving…`}>
          {action === 'rename' ? <Trans>Save the name</Trans> : <Trans>Remove the passkey</Trans>}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
