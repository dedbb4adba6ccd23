import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { type BookPayee, shownNameOf } from '#machines/payee-entry'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import type { PayeeEditorActor } from './payee-editor-view'
import * as styles from './payees.css'

function leavesText({ accountHolderName: holder, accountNumber, bank }: BookPayee): string {
  return t`${holder}, account ${accountNumber} at ${bank}, leaves your payees. Your past transfers to them and their receipts do not change.`
}

/**
 * Remove a payee? (the machine's `confirmingRemoval`): a modal dialog naming the payee, with
 * Cancel, which has the focus, and Remove. Escape or a click beside it cancels.
 */
export function RemovePayeeDialog({ actor }: { actor: PayeeEditorActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('dialog'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const payee = useSelector(actor, (snapshot) => snapshot.context.payee)
  const notice = useSelector(actor, (snapshot) =>
    snapshot.hasTag('dialog') ? snapshot.context.notice : null,
  )
  const content = useRef<HTMLDivElement>(null)
  const cancel = () => {
    if (!busy) actor.send({ type: 'CANCEL' })
  }
  const name = payee ? shownNameOf(payee) : ''

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : cancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          ref={content}
          className={styles.dialog}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            // The safe choice has the focus: Enter keeps the payee.
            event.preventDefault()
            content.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus()
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>
            <Trans>Remove {name}?</Trans>
          </Dialog.Title>
          <Dialog.Description className={styles.muted}>
            {payee ? leavesText(payee) : null}
          </Dialog.Description>
          <NoticeAlert notice={notice} />
          <div className={styles.dialogActions}>
            <Button variant="secondary" data-keep disabled={busy} onClick={cancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="danger"
              busy={busy}
              busyLabel={t`Removing…`}
              onClick={() => actor.send({ type: 'CONFIRM' })}
            >
              <Trans>Remove the payee</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
