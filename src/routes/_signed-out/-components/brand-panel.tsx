import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { brand, brandTagline } from '#ui/brand'
import { BrandMark } from '#ui/brand-mark'
import { Icon } from '#ui/icon'
import * as styles from './signed-out-layout.css'

/** The marketing side of the login screen: the bank's mark and its operator-set copy. */
export function BrandPanel() {
  const bankName = brand.bankName
  return (
    <aside className={styles.brandPanel} aria-label={t`About ${bankName}`}>
      <BrandMark />
      <div className={styles.brandCopy}>
        <p className={styles.tagline}>{brandTagline()}</p>
        <ul className={styles.highlights}>
          {brand.highlights.map((line) => (
            <li key={line} className={styles.highlight}>
              <Icon name="chevronRight" size={18} />
              {line}
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.brandFootnote}>
        <Trans>Secure sign-in with your e-mail and 6-digit passcode.</Trans>
      </p>
    </aside>
  )
}
