import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { Icon } from '#ui/icon'
import { visuallyHidden } from '#ui/visually-hidden.css'
import { announceNotAvailable } from '../not-available'
import { useStatement } from '../statement'
import { type MenuItem, menuItems } from './menu-items'
import * as styles from './sidebar-nav.css'
import { useLogout } from './use-logout'

export interface SidebarNavProps {
  /** Called after any choice, so a drawer can close. */
  onChoose?: () => void
}

/** The side menu's entries: section links, the unavailable products and Log Out. */
export function SidebarNav({ onChoose }: SidebarNavProps) {
  const { state } = useStatement()
  const unread = state.status === 'ready' ? state.data.unreadCount : 0
  const navigate = useNavigate()
  const logout = useLogout()

  const entry = (item: MenuItem) => {
    const content = (
      <>
        <Icon name={item.icon} />
        <span className={styles.label}>{item.label}</span>
      </>
    )
    switch (item.kind) {
      case 'link':
        return (
          <Link
            to={item.to}
            className={styles.item}
            activeOptions={{ exact: item.to === '/dashboard' }}
            onClick={onChoose}
          >
            {content}
            {item.showsUnread && unread > 0 ? (
              <span className={styles.count}>
                {unread}
                <span className={visuallyHidden}>
                  {' '}
                  <Trans>unread</Trans>
                </span>
              </span>
            ) : null}
          </Link>
        )
      case 'unavailable':
        return (
          <button
            type="button"
            className={styles.item}
            onClick={() => {
              announceNotAvailable()
              onChoose?.()
              void navigate({ to: '/dashboard' })
            }}
          >
            {content}
            <span className={styles.muted}>
              <Trans>Unavailable</Trans>
            </span>
          </button>
        )
      case 'logout':
        return (
          <button
            type="button"
            className={styles.item}
            onClick={() => {
              onChoose?.()
              logout()
            }}
          >
            {content}
          </button>
        )
    }
  }

  return (
    <nav aria-label={t`Main menu`}>
      <ul className={styles.list}>
        {menuItems.map((item) => (
          <li key={item.label}>
            {item.kind === 'logout' ? <div className={styles.separator} /> : null}
            {entry(item)}
          </li>
        ))}
      </ul>
    </nav>
  )
}
