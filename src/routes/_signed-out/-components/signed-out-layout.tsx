import type { ReactNode } from 'react'
import { Card } from '#ui/card'
import { Footer } from '#ui/footer'
import { useDocumentTitle } from '#ui/use-document-title'
import { BrandPanel } from './brand-panel'
import * as styles from './signed-out-layout.css'

/** Every signed-out screen: the brand panel beside (or above, on phones) one card. */
export function SignedOutLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className={styles.screen}>
      <BrandPanel />
      <div className={styles.formColumn}>
        <main className={styles.main}>
          <Card as="div" className={styles.card}>
            {children}
          </Card>
        </main>
        <Footer />
      </div>
    </div>
  )
}
