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
  return (
    <MenuDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Profile"
      overlayClassName={styles.popupOverlay}
      className={styles.popup}
    >
      <div className={styles.who}>
        <Avatar name={fullname} picture={picture} size={52} />
        <div className={styles.whoText}>
          <span className={styles.whoName}>{fullname}</span>
          <span className={styles.whoPlan}>Current plan: {planLabel(currentPlan)}</span>
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
            <Icon name="home" /> Home
          </Link>
        </li>
        <li>
          <Link to="/dashboard/profile" className={styles.link} onClick={close}>
            <Icon name="user" /> Profile
          </Link>
        </li>
        <li>
          <Link to="/dashboard/settings" className={styles.link} onClick={close}>
            <Icon name="settings" /> Settings
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
            <Icon name="logout" /> Logout
          </button>
        </li>
      </ul>
    </MenuDialog>
  )
}
