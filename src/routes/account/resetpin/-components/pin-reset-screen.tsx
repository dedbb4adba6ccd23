import { useRouteContext } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { resetPinMachine } from '#machines/reset-pin.machine'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from '../../../-components/account-form.css'
import { useAppEffects } from '../../../-components/app-effects'
import { PinResetView } from './pin-reset-view'

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
  useDocumentTitle('Reset your PIN')
  const effects = useAppEffects()
  const { auth } = useRouteContext({ from: '__root__' })
  const actor = useActorRef(
    resetPinMachine.provide({
      actors: { userforgotpin: fromPromise(({ input }) => call('userforgotpin', input)) },
      actions: effects,
    }),
    { input: { email, code } },
  )
  return (
    <CenteredPage>
      <Card as="div" className={styles.standaloneCard}>
        <PinResetView actor={actor} signedIn={auth.hasToken()} />
      </Card>
    </CenteredPage>
  )
}
