import { t } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { Card } from '#ui/card'
import { Icon } from '#ui/icon'
import * as styles from '../../-shared/link-list.css'
import { SectionPage } from '../../-shared/section-page'
import * as layout from './add-funds.css'
import { type AddFundsMethod, addFundsMethods } from './add-funds-methods'

function MethodContent({ method }: { method: AddFundsMethod }) {
  return (
    <>
      <span className={`${styles.icon} ${layout.icon}`}>
        <Icon name={method.icon} />
      </span>
      <span className={`${styles.text} ${layout.text}`}>
        <span className={styles.name}>{method.name}</span>
        <span className={styles.sub}>{method.sub}</span>
      </span>
      <span
        className={[styles.status, layout.status, method.to ? styles.available : '']
          .filter(Boolean)
          .join(' ')}
      >
        {method.availability}
      </span>
      {method.to ? (
        <span className={layout.chevron}>
          <Icon name="chevronRight" />
        </span>
      ) : null}
    </>
  )
}

/** dashboard/add-funds: the five methods; the available ones link to their screen. */
export function AddFundsMenu() {
  return (
    <SectionPage title={t`Add Funds`} lead={t`Choose how you want to add money to your account.`}>
      <Card heading={t`Methods`}>
        <ul className={styles.list}>
          {addFundsMethods().map((method) => (
            <li key={method.icon}>
              {method.to ? (
                <Link to={method.to} className={`${styles.linkRow} ${layout.method}`}>
                  <MethodContent method={method} />
                </Link>
              ) : (
                <div className={`${styles.row} ${layout.method}`}>
                  <MethodContent method={method} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </SectionPage>
  )
}
