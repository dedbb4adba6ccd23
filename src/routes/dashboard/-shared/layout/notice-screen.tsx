import { Trans } from '@lingui/react/macro'
import { useEffect, useId } from 'react'
import { clientStorage } from '#api/client-storage'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './notice-screen.css'
import { useLogout } from './use-logout'

/** The spec's delay before a blocking notice clears the session token. */
export const noticeTokenClearDelay = 5000

export interface NoticeScreenProps {
  head: string
  body: string
}

/**
 * A blocking account notice replaces the whole dashboard. The session token is cleared after
 * 5 s, so the next visit lands on login; Logout leaves at once.
 */
export function NoticeScreen({ head, body }: NoticeScreenProps) {
  const logout = useLogout()
  const headId = useId()
  useDocumentTitle(head)
  useEffect(() => {
    const timer = window.setTimeout(() => clientStorage.remove('baUid'), noticeTokenClearDelay)
    return () => window.clearTimeout(timer)
  }, [])
  return (
    <CenteredPage>
      <Card className={styles.card} aria-labelledby={headId}>
        <h1 id={headId} className={styles.head}>
          {head}
        </h1>
        <p className={styles.body}>{body}</p>
        <Button onClick={logout}>
          <Trans>Logout</Trans>
        </Button>
      </Card>
    </CenteredPage>
  )
}
