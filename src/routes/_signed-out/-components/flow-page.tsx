import type { ReactNode } from 'react'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './flow-page.css'

export interface FlowPageProps {
  /** The tab title. */
  title: string
  /** The KYC form needs room for two columns; status screens are narrow. */
  wide?: boolean
  /** Labels the card, e.g. by the id of its heading. */
  labelledBy?: string
  children: ReactNode
}

/**
 * A signed-out step after login (account notice, KYC form, review): the bank's mark on top and
 * one card in the middle, without the login screen's marketing panel.
 */
export function FlowPage({ title, wide = false, labelledBy, children }: FlowPageProps) {
  useDocumentTitle(title)
  return (
    <CenteredPage>
      <Card
        as="section"
        className={wide ? styles.wide : styles.narrow}
        aria-labelledby={labelledBy}
      >
        {children}
      </Card>
    </CenteredPage>
  )
}
