import { brand } from './brand'
import * as styles from './brand-mark.css'

/** The bank's logo and name. The logo is decorative; the name is the text. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={[styles.mark, className].filter(Boolean).join(' ')}>
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" className={styles.logo}>
        <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.14" />
        <path
          d="M6 13l10-6 10 6M8 14v9M13 14v9M19 14v9M24 14v9M6 25h20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {brand.bankName}
    </span>
  )
}
