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
  useDocumentTitle('Unexpected Application Error!')
  const target = fallbackPath(auth.hasToken())
  const message = error instanceof Error ? error.message : String(error)
  return (
    <div className={styles.page}>
      <Card as="div" className={styles.card} role="alert">
        <h1 className={styles.title}>Unexpected Application Error!</h1>
        <p>Something went wrong while showing this page. You can try again or go back.</p>
        {message ? <pre className={styles.detail}>{message}</pre> : null}
        <div className={styles.actions}>
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            Try again
          </Button>
          <Link to={target} className={buttonClass({ variant: 'secondary' })}>
            {target === '/dashboard' ? 'Back to dashboard' : 'Back to login'}
          </Link>
        </div>
      </Card>
    </div>
  )
}
