import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import {
  type ResetContext,
  type ResetEvent,
  type ResetTextField,
  resetSecrets,
} from '#machines/reset-rules'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { EmailField } from '#ui/email-field'
import { Stack } from '#ui/stack'
import { TextField } from '#ui/text-field'
import * as styles from './account-form.css'
import { OneTimeCodeInput } from './one-time-code-input'
import { OutcomePanel } from './outcome-panel'
import { useSubmitFocusingFirstError } from './submit-focusing-first-error'

export interface ResetFormProps {
  context: ResetContext
  busy: boolean
  redirecting: boolean
  /** Where the timed redirect leads, for the Continue button's name. */
  destination: string
  send: (event: ResetEvent) => void
  /** "Send a new code" (the passcode index screen); absent: not offered. */
  onSendNewCode?: () => void
  sendingNewCode?: boolean
}

/**
 * The reset form of the passcode and PIN screens, drawn from the reset machine's context, in
 * the words of its secret (`resetSecrets`): e-mail, the code in one-time-code cells and the new
 * secret twice (only the secret when the link carried the rest), then the timed redirect. It
 * only sends events.
 */
export function ResetForm(props: ResetFormProps) {
  const { context, busy, redirecting, destination, send, onSendNewCode } = props
  const { values, errors, fromLink } = context
  const { length, words } = resetSecrets[context.secret]
  const name = words.name
  const email = values.email
  const { formRef, submit } = useSubmitFocusingFirstError(() => send({ type: 'SUBMIT' }))

  const field = (name: ResetTextField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'CHANGE', field: name, value: event.target.value }),
  })

  const secretProps = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'new-password',
    pattern: `[0-9]{${length}}`,
    maxLength: length,
    required: true,
  } as const

  if (redirecting && context.alert) {
    return (
      <OutcomePanel
        title={words.done}
        notice={context.alert}
        destination={destination}
        onContinue={() => send({ type: 'CONTINUE' })}
      />
    )
  }

  return (
    <Stack gap="xl">
      <header className={styles.header}>
        <h1 className={styles.title}>{words.title}</h1>
        <p className={styles.lead}>
          {fromLink ? (
            <Trans>
              Choose a new {length}-digit {name} for <span className={styles.strong}>{email}</span>.
            </Trans>
          ) : (
            <Trans>
              Enter your e-mail address, the 6-digit code from our e-mail and a new {length}-digit{' '}
              {name}.
            </Trans>
          )}
        </p>
      </header>
      <NoticeAlert notice={context.alert} />
      <AlertBox
        display={fromLink && Boolean(errors.email || errors.code)}
        type="error"
        msg={t`This reset link is incomplete. Ask for a new code and try again.`}
      />
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.fields} disabled={busy}>
          {fromLink ? null : (
            <>
              <EmailField {...field('email')} />
              <Stack gap="sm">
                <OneTimeCodeInput
                  label={t`Code from the e-mail`}
                  error={errors.code}
                  onChange={(code) => send({ type: 'CODE_CHANGED', code })}
                />
                {onSendNewCode ? (
                  <NewCode
                    notice={context.newCodeNotice}
                    sending={props.sendingNewCode ?? false}
                    onSend={onSendNewCode}
                  />
                ) : null}
              </Stack>
            </>
          )}
          <TextField label={words.secret} {...secretProps} {...field('secret')} />
          <TextField label={words.confirm} {...secretProps} {...field('confirmSecret')} />
          <Button type="submit" fullWidth busy={busy} busyLabel={t`Saving…`}>
            {words.submit}
          </Button>
        </fieldset>
      </form>
    </Stack>
  )
}

function NewCode(props: {
  notice: ResetContext['newCodeNotice']
  sending: boolean
  onSend: () => void
}) {
  const action = props.sending ? t`Sending a new code…` : t`Send a new code`
  return (
    <>
      <p className={styles.lead}>
        <Trans>
          No code?{' '}
          <button
            type="button"
            className={styles.linkButton}
            disabled={props.sending}
            onClick={props.onSend}
          >
            {action}
          </button>
        </Trans>
      </p>
      <NoticeAlert notice={props.notice} />
    </>
  )
}
