import type { ReactNode } from 'react'
import { Card } from './card'
import * as styles from './coming-soon.css'
import { useDocumentTitle } from './use-document-title'

export interface ComingSoonProps {
  /** The screen's title, shown as its heading and in the tab title. */
  title: string
  /** A way onwards, e.g. a link back to the dashboard. */
  children?: ReactNode
}

/** The placeholder for a screen that a later release builds. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  useDocumentTitle(title)
  return (
    <Card as="div" className={styles.panel}>
      <span className={styles.badge}>Coming soon</span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>
        This part of online banking is on its way. Everything else keeps working as usual.
      </p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </Card>
  )
}
