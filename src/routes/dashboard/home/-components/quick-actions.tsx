import { Link } from '@tanstack/react-router'
import { Icon } from '#ui/icon'
import { announceNotAvailable } from '../../-shared/not-available'
import * as styles from './home.css'

/** Send, Receive (institutional details), Loan (not offered) and Topup (add funds). */
export function QuickActions() {
  return (
    <nav aria-label="Quick actions" className={styles.actions}>
      <Link to="/dashboard/send" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="send" />
        </span>
        Send
      </Link>
      <Link to="/dashboard/add-funds/it" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="receive" />
        </span>
        Receive
      </Link>
      <button type="button" className={styles.action} onClick={announceNotAvailable}>
        <span className={styles.actionIcon}>
          <Icon name="loan" />
        </span>
        Loan
      </button>
      <Link to="/dashboard/add-funds" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="plus" />
        </span>
        Topup
      </Link>
    </nav>
  )
}
