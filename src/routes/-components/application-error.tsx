import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, Link, useRouteContext, useRouter } from '@tanstack/react-router'
import { Button, buttonClass } from '#ui/button'
import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './application-error.css'
import { fallbackPath } from './route-guard'

/** The default error screen for anything that fails while a screen renders or loads. */
export function ApplicationError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const { auth } = useRouteContext({ from: '__root__' })
  useDocumentTitle(t`Unexpected Application Error!`)
  const target = fallbackPath(auth.hasToken())
  const message = error instanceof Error ? error.message : String(error)
  return (
    <div className={styles.page}>
      <Card as="div" className={styles.card} role="alert">
        <h1 className={styles.title}>
          <Trans>Unexpected Application Error!</Trans>
        </h1>
        <p>
          <Trans>Something went wrong while showing this page. You can try again or go back.</Trans>
        </p>
        {message ? <pre className={styles.detail}>{message}</pre> : null}
        <div className={styles.actions}>
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            <Trans>Try again</Trans>
          </Button>
          <Link to={target} className={buttonClass({ variant: 'secondary' })}>
            {target === '/dashboard' ? (
              <Trans>Back to dashboard</Trans>
            ) : (
              <Trans>Back to login</Trans>
            )}
          </Link>
        </div>
      </Card>
    </div>
  )
}
