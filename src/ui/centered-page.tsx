import type { ReactNode } from 'react'
import { BrandMark } from './brand-mark'
import * as styles from './centered-page.css'
import { Footer } from './footer'

/** A simple page: the bank's mark on top, one centred column, the footer below. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <BrandMark />
      </header>
      <main className={styles.main}>{children}</main>
      <Footer />
    </div>
  )
}
