import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { failureMessage } from '#api/call-failure'
import { Button, type ButtonVariant } from '#ui/button'
import { toast } from '#ui/toast-store'
import type { StaffCallResult } from '../api/staff-client'
import * as styles from '../decisions/decision-dialog.css'

interface ConfirmActionProps {
  /** The button's words: "End every session". */
  label: string
  /** What happens, asked before it does: "Dana Morgan must sign in again on every device." */
  consequence: string
  variant?: ButtonVariant
  /** The call; its answer's message becomes the toast. */
  act: () => Promise<StaffCallResult<'customerunlock'>>
  /** Reads the page again once it is done. */
  done: () => void
}

/** One change on a customer that asks for confirmation, then says its result as a toast. */
export function ConfirmAction({
  label,
  consequence,
  variant = 'secondary',
  act,
  done,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    const answer = await act()
    setBusy(false)
    setOpen(false)
    if (answer.ok && answer.data.status) toast({ type: 'success', message: answer.data.message })
    else toast({ type: 'error', message: answer.ok ? answer.data.message : failureMessage(answer) })
    done()
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant={variant}>{label}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{label}?</Dialog.Title>
          <Dialog.Description>{consequence}</Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button
              variant={variant === 'danger' ? 'danger' : 'primary'}
              busy={busy}
              onClick={() => void confirm()}
            >
              {label}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
