import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { sessionTimeoutMachine } from '#machines/session-timeout.machine'
import { announcedCountdown, countdownText, minutesText } from '#machines/session-timeout.words'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './session-timeout.css'

export type SessionTimeoutActor = ActorRefFrom<typeof sessionTimeoutMachine>

/**
 * The idle-timeout warning: a modal dialog while the machine is in `warning`, with the
 * countdown (m:ss, hidden from screen readers, which hear it in 15-second steps instead),
 * "Stay signed in" and "Log out". Escape or a click beside it is "Stay signed in": the customer
 * is there (docs/decisions/044).
 */
export function SessionTimeoutView({ actor }: { actor: SessionTimeoutActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('warning'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const secondsLeft = useSelector(actor, (snapshot) => snapshot.context.secondsLeft)
  const alert = useSelector(actor, (snapshot) => snapshot.context.alert)
  const idleMinutes = useSelector(actor, (snapshot) =>
    Math.max(1, Math.round(snapshot.context.idleTimeoutSeconds / 60)),
  )
  const minutes = minutesText(idleMinutes)
  const stay = () => actor.send({ type: 'STAY' })
  const content = useRef<HTMLDivElement>(null)

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : stay())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          ref={content}
          className={styles.dialog}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            // The safe choice has the focus: Enter keeps the customer signed in.
            event.preventDefault()
            content.current?.querySelector<HTMLButtonElement>('[data-stay]')?.focus()
          }}
        >
          <Dialog.Title className={styles.title}>
            <Trans>Are you still there?</Trans>
          </Dialog.Title>
          <Dialog.Description className={styles.description}>
            <Trans>
              For your security, you will be signed out after {minutes} without activity.
            </Trans>
          </Dialog.Description>
          <p className={styles.countdown} aria-hidden="true">
            {countdownText(secondsLeft)}
          </p>
          <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
            {announcedCountdown(secondsLeft)}
          </p>
          <NoticeAlert notice={alert} />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => actor.send({ type: 'LOG_OUT' })}>
              <Trans>Log out</Trans>
            </Button>
            <Button data-stay busy={busy} busyLabel={t`Staying signed in…`} onClick={stay}>
              <Trans>Stay signed in</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
