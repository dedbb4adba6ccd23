import { t } from '@lingui/core/macro'
import { Close } from '@radix-ui/react-dialog'
import { BrandMark } from '#ui/brand-mark'
import { Icon } from '#ui/icon'
import * as styles from './dashboard-layout.css'
import { MenuDialog, type MenuDialogProps } from './menu-dialog'
import { SidebarNav } from './sidebar-nav'

/** The side menu as a drawer: loaded after the first paint by ./mobile-nav. */
export function MobileNavDrawer(props: MenuDialogProps) {
  return (
    <MenuDialog
      {...props}
      title={t`Menu`}
      overlayClassName={styles.overlay}
      className={styles.drawer}
    >
      <div className={styles.drawerTop}>
        <BrandMark />
        <Close className={styles.iconButton} aria-label={t`Close menu`}>
          <Icon name="close" size={22} />
        </Close>
      </div>
      <SidebarNav onChoose={() => props.onOpenChange(false)} />
    </MenuDialog>
  )
}
