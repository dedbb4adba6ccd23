import { t } from '@lingui/core/macro'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { digitsOnly, fieldRules } from '#api/contract/fields'
import { canSave, settingsMessages, showsMismatch } from '#machines/settings-forms'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { CheckboxField } from '#ui/checkbox-field'
import { TextField } from '#ui/text-field'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'

/** The words of each form, in the language in use. */
const wordsOf = (kind: 'passcode' | 'pin') =>
  kind === 'passcode'
    ? {
        heading: t`Passcode`,
        lead: t`Your 6-digit passcode signs you in. When you change it, you can sign out every other device.`,
        current: t`Current passcode`,
        next: t`New passcode`,
        confirm: t`Confirm new passcode`,
        digits: fieldRules.passcode.digits,
        title: settingsMessages.passcode,
        save: t`Save passcode`,
      }
    : {
        heading: t`Transaction PIN`,
        lead: t`Your 4-digit PIN confirms transfers.`,
        current: t`Current PIN`,
        next: t`New PIN`,
        confirm: t`Confirm new PIN`,
        digits: fieldRules.pin.digits,
        title: settingsMessages.pin,
        save: t`Save PIN`,
      }

export interface SecretChangeViewProps {
  actor: SettingsFormActor
  kind: 'passcode' | 'pin'
}

/**
 * Changing the passcode or the PIN: current, new and confirmation, digits only. Save follows
 * the spec's rule (spec 5); 'Password Mismatch' shows as soon as the confirmation differs. The
 * fields start empty again after a change.
 */
export function SecretChangeView({ actor, kind }: SecretChangeViewProps) {
  const savedCount = useSelector(actor, (snapshot) => snapshot.context.savedCount)
  const words = wordsOf(kind)
  return (
    <Card heading={words.heading}>
      <p className={styles.lead}>{words.lead}</p>
      <SecretChangeForm key={savedCount} actor={actor} kind={kind} />
    </Card>
  )
}

function SecretChangeForm({ actor, kind }: SecretChangeViewProps) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const [entry, setEntry] = useState({ current: '', next: '', confirmation: '' })
  // The passcode's offer to end the other sessions (decision 080), ticked until unticked.
  const [signOutOthers, setSignOutOthers] = useState(true)
  const { formRef, submit } = useSubmitFocusingFirstError(() =>
    actor.send({
      type: 'SUBMIT',
      entry: kind === 'passcode' ? { ...entry, signOutOthers: signOutOthers ? 'on' : '' } : entry,
    }),
  )
  const text = wordsOf(kind)

  const field = (name: keyof typeof entry, label: string, autoComplete: string) => ({
    name,
    label,
    value: entry[name],
    error: fieldErrors[name],
    type: 'password',
    inputMode: 'numeric' as const,
    autoComplete,
    pattern: `[0-9]{${text.digits}}`,
    maxLength: text.digits,
    title: text.title,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = digitsOnly(event.currentTarget.value, text.digits)
      setEntry((current) => ({ ...current, [name]: value }))
    },
  })
  const confirm = field('confirmation', text.confirm, 'new-password')
  const mismatch = showsMismatch(entry) ? settingsMessages.mismatch : null

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <TextField {...field('current', text.current, 'current-password')} disabled={busy} />
      <TextField {...field('next', text.next, 'new-password')} disabled={busy} />
      <TextField {...confirm} error={mismatch ?? confirm.error} disabled={busy} />
      {kind === 'passcode' ? (
        <CheckboxField
          label={t`Sign out my other devices`}
          name="signOutOthers"
          checked={signOutOthers}
          disabled={busy}
          onChange={(event) => setSignOutOthers(event.currentTarget.checked)}
        />
      ) : null}
      <NoticeAlert notice={notice} />
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel={t`Saving…`} disabled={!canSave(kind, entry)}>
          {text.save}
        </Button>
      </div>
    </form>
  )
}
