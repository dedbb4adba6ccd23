import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Avatar } from '#ui/avatar'
import { Icon } from '#ui/icon'
import { planLabel } from '../plan-label'
import * as styles from './header.css'
import { MenuDialog, type MenuDialogProps } from './menu-dialog'
import { useLogout } from './use-logout'

export interface ProfilePopupProps extends MenuDialogProps {
  fullname: string
  picture: string | null
  currentPlan: string
}

/** The profile popup: loaded after the first paint by ./profile-menu. */
export function ProfilePopup({
  open,
  onOpenChange,
  trigger,
  fullname,
  picture,
  currentPlan,
}: ProfilePopupProps) {
  const logout = useLogout()
  const close = () => onOpenChange(false)
  const plan = planLabel(currentPlan)
  return (
    <MenuDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={t`Profile`}
      overlayClassName={styles.popupOverlay}
      className={styles.popup}
    >
      <div className={styles.who}>
        <Avatar name={fullname} picture={picture} size={52} />
        <div className={styles.whoText}>
          <span className={styles.whoName}>{fullname}</span>
          <span className={styles.whoPlan}>
            <Trans>Current plan: {plan}</Trans>
          </span>
        </div>
      </div>
      <ul className={styles.links}>
        <li>
          <Link
            to="/dashboard"
            activeOptions={{ exact: true }}
            className={styles.link}
            onClick={close}
          >
            <Icon name="home" /> <Trans>Home</Trans>
          </Link>
        </li>
        <li>
          <Link to="/dashboard/profile" className={styles.link} onClick={close}>
            <Icon name="user" /> <Trans>Profile</Trans>
          </Link>
        </li>
        <li>
          <Link to="/dashboard/settings" className={styles.link} onClick={close}>
            <Icon name="settings" /> <Trans>Settings</Trans>
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              close()
              logout()
            }}
          >
            <Icon name="logout" /> <Trans>Logout</Trans>
          </button>
        </li>
      </ul>
    </MenuDialog>
  )
}
