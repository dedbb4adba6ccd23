import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { AlertBox } from '#ui/alert-box'
import { Button } from '#ui/button'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './section.css'
import { useReload } from './section-data'

export interface SectionPageProps {
  /** The section's heading (h1) and tab title. */
  title: string
  /** One line under the heading. */
  lead?: ReactNode
  /** Why the section's data could not load: shown instead of the content, with Retry. */
  failure?: string | null
  children?: ReactNode
}

/** A signed-in section: its heading, then its content, or its load failure with Retry. */
export function SectionPage({ title, lead, failure = null, children }: SectionPageProps) {
  useDocumentTitle(title)
  const reload = useReload()
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {failure === null ? (
        children
      ) : (
        <AlertBox display type="error" msg={failure}>
          <Button variant="secondary" onClick={reload}>
            <Trans>Retry</Trans>
          </Button>
        </AlertBox>
      )}
    </div>
  )
}
