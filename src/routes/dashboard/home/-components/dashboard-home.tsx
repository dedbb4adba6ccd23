import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { AlertBox } from '#ui/alert-box'
import { Avatar } from '#ui/avatar'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { Money } from '#ui/money'
import { Stack } from '#ui/stack'
import { useDocumentTitle } from '#ui/use-document-title'
import { useStatement } from '../../-shared/statement'
import { TransactionList } from '../../-shared/transaction-list'
import { BalanceCard } from './balance-card'
import * as styles from './home.css'
import { QuickActions } from './quick-actions'

/** The signed-in home screen, drawn from the dashboard statement. */
export function DashboardHome() {
  const { state, reload } = useStatement()
  useDocumentTitle(t`Dashboard`)

  if (state.status === 'failed') {
    return (
      <Stack gap="lg">
        <h1 className={styles.greetingName}>
          <Trans>Dashboard</Trans>
        </h1>
        <AlertBox display type="error" msg={state.message}>
          <Button variant="secondary" onClick={reload}>
            <Trans>Retry</Trans>
          </Button>
        </AlertBox>
      </Stack>
    )
  }

  const statement = state.data
  const { user, currency } = statement
  return (
    <div className={styles.home}>
      <div className={styles.greeting}>
        <Avatar name={user.fullname} picture={user.picture} size={56} />
        <div className={styles.greetingText}>
          <span className={styles.greetingWord}>
            <Trans>Welcome</Trans>
          </span>
          <h1 className={styles.greetingName}>{user.fullname}</h1>
        </div>
      </div>
      <div className={styles.topGrid}>
        <BalanceCard statement={statement} />
        <Card heading={t`Quick actions`}>
          <QuickActions />
        </Card>
      </div>
      <div className={styles.totals}>
        <Card as="div" className={styles.total}>
          <span className={styles.totalLabel}>
            <Trans>Total credit</Trans>
          </span>
          <Money
            amount={statement.totalCredit}
            currency={currency}
            className={`${styles.totalValue} ${styles.credit}`}
          />
        </Card>
        <Card as="div" className={styles.total}>
          <span className={styles.totalLabel}>
            <Trans>Total debit</Trans>
          </span>
          <Money
            amount={statement.totalDebit}
            currency={currency}
            className={`${styles.totalValue} ${styles.debit}`}
          />
        </Card>
      </div>
      <Card heading={t`Recent transactions`}>
        <TransactionList transactions={statement.transactions} currency={currency} />
      </Card>
    </div>
  )
}
