import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { visuallyHidden } from '#ui/visually-hidden.css'

/**
 * A menu's dialog, loaded after the first paint while its button is drawn at once (./mobile-nav,
 * ./profile-menu): the button owns the open state, the dialog shows it.
 */
export interface MenuDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opens it: focus goes back there when it closes. */
  trigger: RefObject<HTMLButtonElement | null>
}

interface MenuDialogFrameProps extends MenuDialogProps {
  /** The dialog's name for assistive technology (not shown). */
  title: string
  overlayClassName: string
  className: string
  children: ReactNode
}

/** Radix Dialog for a menu whose button lives outside it. */
export function MenuDialog({
  open,
  onOpenChange,
  trigger,
  title,
  overlayClassName,
  className,
  children,
}: MenuDialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          className={className}
          aria-describedby={undefined}
          // Radix returns focus to its own Trigger; this menu's button is outside the dialog.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <Dialog.Title className={visuallyHidden}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
