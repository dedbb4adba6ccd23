import * as Dialog from '@radix-ui/react-dialog'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import * as styles from '../decisions/decision-dialog.css'
import type { StaffChangeActor } from './use-staff-change'

/**
 * The confirmation of a change (Radix dialog): its title and consequence, what the screen adds
 * (the roles to tick), why it was not done, Cancel and the confirming button. Escape or a click
 * beside it cancels, except while the call is in flight.
 */
export function ChangeDialog({
  actor,
  children,
}: {
  actor: StaffChangeActor
  children?: ReactNode
}) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('dialog'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const change = useSelector(actor, (snapshot) => snapshot.context.change)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const danger =
    change?.call === 'staffdisable' ||
    change?.call === 'signoutothers' ||
    change?.call === 'customerfreeze'
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (next || busy ? undefined : actor.send({ type: 'CANCEL' }))}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{change?.title}</Dialog.Title>
          <Dialog.Description>{change?.consequence}</Dialog.Description>
          {children}
          <NoticeAlert notice={notice} />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'CANCEL' })}
            >
              Cancel
            </Button>
            <Button
              variant={danger ? 'danger' : 'primary'}
              busy={busy}
              busyLabel="Working…"
              onClick={() => actor.send({ type: 'CONFIRM' })}
            >
              {change?.confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
