import { brand } from './brand'
import * as styles from './footer.css'

export interface FooterProps {
  /** The clock, for tests; the current time by default. */
  now?: Date
  className?: string
}

export function Footer({ now = new Date(), className }: FooterProps) {
  return (
    <footer className={[styles.footer, className].filter(Boolean).join(' ')}>
      © {now.getFullYear()} {brand.bankName}
    </footer>
  )
}
