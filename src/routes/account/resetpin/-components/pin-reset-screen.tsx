import { t } from '@lingui/core/macro'
import { useRouteContext } from '@tanstack/react-router'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from '../../../-components/account-form.css'
import { useResetActor } from '../../../-components/reset-actor'
import { ResetView } from '../../../-components/reset-view'

export interface PinResetScreenProps {
  email?: string | undefined
  /** The code from the link; the screen then asks only for the new PIN. */
  code?: string | undefined
}

/**
 * Reset PIN, at `/account/resetpin` and `/account/resetpin/r/$email/$token`, signed in or not
 * (spec section 2). A plain centred card, since a signed-in customer arrives here too; after
 * the reset it leads to login, which sends a signed-in customer on to the dashboard.
 */
export function PinResetScreen({ email, code }: PinResetScreenProps) {
  useDocumentTitle(t`Reset your PIN`)
  const { auth } = useRouteContext({ from: '__root__' })
  const actor = useResetActor('pin', { email, code })
  return (
    <CenteredPage>
      <Card as="div" className={styles.standaloneCard}>
        <ResetView actor={actor} signedIn={auth.hasToken()} />
      </Card>
    </CenteredPage>
  )
}
