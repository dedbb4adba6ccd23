import { Link } from '@tanstack/react-router'
import { Card } from '#ui/card'
import { Icon } from '#ui/icon'
import { type AddFundsMethod, addFundsMethods } from './add-funds-methods'
import * as styles from './link-list.css'
import { SectionPage } from './section-page'

function MethodContent({ method }: { method: AddFundsMethod }) {
  return (
    <>
      <span className={styles.icon}>
        <Icon name={method.icon} />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{method.name}</span>
        <span className={styles.sub}>{method.sub}</span>
      </span>
      <span className={method.to ? `${styles.status} ${styles.available}` : styles.status}>
        {method.availability}
      </span>
      {method.to ? <Icon name="chevronRight" /> : null}
    </>
  )
}

/** dashboard/add-funds: the five methods; the available ones link to their screen. */
export function AddFundsMenu() {
  return (
    <SectionPage title="Add Funds" lead="Choose how you want to add money to your account.">
      <Card heading="Methods">
        <ul className={styles.list}>
          {addFundsMethods.map((method) => (
            <li key={method.name}>
              {method.to ? (
                <Link to={method.to} className={styles.linkRow}>
                  <MethodContent method={method} />
                </Link>
              ) : (
                <div className={styles.row}>
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
