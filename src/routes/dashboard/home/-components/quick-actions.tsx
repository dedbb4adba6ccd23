import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '#ui/icon'
import { announceNotAvailable } from '../../-shared/not-available'
import * as styles from './home.css'

/** Send, Receive (institutional details), Loan (not offered) and Topup (add funds). */
export function QuickActions() {
  return (
    <nav aria-label={t`Quick actions`} className={styles.actions}>
      <Link to="/dashboard/send" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="send" />
        </span>
        <Trans>Send</Trans>
      </Link>
      <Link to="/dashboard/add-funds/it" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="receive" />
        </span>
        <Trans>Receive</Trans>
      </Link>
      <button type="button" className={styles.action} onClick={announceNotAvailable}>
        <span className={styles.actionIcon}>
          <Icon name="loan" />
        </span>
        <Trans>Loan</Trans>
      </button>
      <Link to="/dashboard/add-funds" className={styles.action}>
        <span className={styles.actionIcon}>
          <Icon name="plus" />
        </span>
        <Trans>Topup</Trans>
      </Link>
    </nav>
  )
}
