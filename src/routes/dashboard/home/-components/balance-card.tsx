import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Money } from '#ui/money'
import { planLabel } from '../../-shared/plan-label'
import type { Statement } from '../../-shared/statement'
import * as styles from './home.css'

/**
 * The available balance (and the booked one, while transfers in progress hold part of it),
 * account number and account status (plan).
 */
export function BalanceCard({ statement }: { statement: Statement }) {
  return (
    <section className={styles.balanceCard} aria-label={t`Account overview`}>
      <div>
        <p className={styles.balanceLabel}>
          <Trans>Available balance</Trans>
        </p>
        <p className={styles.balanceAmount}>
          <Money amount={statement.balances.available} currency={statement.currency} />
        </p>
        {statement.balances.booked !== statement.balances.available ? (
          <p className={styles.balanceNote}>
            <Trans>
              Booked balance{' '}
              <Money amount={statement.balances.booked} currency={statement.currency} />: the
              difference is held for transfers in progress.
            </Trans>
          </p>
        ) : null}
      </div>
      <dl className={styles.balanceFacts}>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>
            <Trans>Account number</Trans>
          </dt>
          <dd className={styles.factValue}>{statement.user.accountNumber}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>
            <Trans>Account status</Trans>
          </dt>
          <dd className={styles.factValue}>{planLabel(statement.user.currentPlan)}</dd>
        </div>
      </dl>
    </section>
  )
}
