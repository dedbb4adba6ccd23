import { brand } from '#ui/brand'
import { BrandMark } from '#ui/brand-mark'
import { Icon } from '#ui/icon'
import * as styles from './signed-out-layout.css'

/** The marketing side of the login screen: the bank's mark and its operator-set copy. */
export function BrandPanel() {
  return (
    <aside className={styles.brandPanel} aria-label={`About ${brand.bankName}`}>
      <BrandMark />
      <div className={styles.brandCopy}>
        <p className={styles.tagline}>{brand.tagline}</p>
        <ul className={styles.highlights}>
          {brand.highlights.map((line) => (
            <li key={line} className={styles.highlight}>
              <Icon name="chevronRight" size={18} />
              {line}
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.brandFootnote}>Secure sign-in with your e-mail and 6-digit passcode.</p>
    </aside>
  )
}
