import * as Dialog from '@radix-ui/react-dialog'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Avatar } from '#ui/avatar'
import { Icon } from '#ui/icon'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './header.css'
import { planLabel } from './plan-label'
import { useStatement } from './statement'
import { useLogout } from './use-logout'

/** The profile popup: picture, full name, current plan, and Home, Profile, Settings, Logout. */
export function ProfileMenu() {
  const { state } = useStatement()
  const logout = useLogout()
  const [open, setOpen] = useState(false)
  if (state.status !== 'ready') return null
  const { fullname, picture, current_plan } = state.data.user
  const close = () => setOpen(false)

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.trigger} aria-label={`Profile menu for ${fullname}`}>
        <Avatar name={fullname} picture={picture} size={36} />
        <span className={styles.triggerName}>{fullname}</span>
        <Icon name="chevronRight" size={16} className={styles.chevron} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.popupOverlay} />
        <Dialog.Content className={styles.popup} aria-describedby={undefined}>
          <Dialog.Title className={visuallyHidden}>Profile</Dialog.Title>
          <div className={styles.who}>
            <Avatar name={fullname} picture={picture} size={52} />
            <div className={styles.whoText}>
              <span className={styles.whoName}>{fullname}</span>
              <span className={styles.whoPlan}>Current plan: {planLabel(current_plan)}</span>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
