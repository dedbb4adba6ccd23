import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { BrandMark } from '#ui/brand-mark'
import { Icon } from '#ui/icon'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './dashboard-layout.css'
import { SidebarNav } from './sidebar-nav'

/** On phones and tablets the side menu lives behind a menu button, as a drawer. */
export function MobileNav() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.iconButton} aria-label="Open menu">
        <Icon name="menu" size={24} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <div className={styles.drawerTop}>
            <BrandMark />
            <Dialog.Close className={styles.iconButton} aria-label="Close menu">
              <Icon name="close" size={22} />
            </Dialog.Close>
          </div>
          <Dialog.Title className={visuallyHidden}>Menu</Dialog.Title>
          <SidebarNav onChoose={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
