import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { resetPinMachine } from '#machines/reset-pin.machine'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { Stack } from '#ui/stack'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from '../../../-components/account-form.css'
import { ResetForm } from '../../../-components/reset-form'
import { fallbackPath, homePath } from '../../../-components/route-guard'

export interface PinResetScreenProps {
  email?: string | undefined
  /** The code from the link; the screen then asks only for the new PIN. */
  code?: string | undefined
}

/**
 * Reset PIN, at `/account/resetpin` and `/account/resetpin/r/$email/$token`, signed in or not
 * (spec section 2). A plain centred card, since a signed-in customer arrives here too; after
 * the reset it leads to login, or to the dashboard for a signed-in customer.
 */
export function PinResetScreen({ email, code }: PinResetScreenProps) {
  useDocumentTitle('Reset your PIN')
  const navigate = useNavigate()
  const { auth } = useRouteContext({ from: '__root__' })
  const next = fallbackPath(auth.hasToken())
  const [snapshot, send] = useMachine(
    resetPinMachine.provide({
      actors: { userforgotpin: fromPromise(({ input }) => call('userforgotpin', input)) },
      actions: { goToLogin: () => void navigate({ to: fallbackPath(auth.hasToken()) }) },
    }),
    { input: { email, code } },
  )
  return (
    <CenteredPage>
      <Card as="div" className={styles.standaloneCard}>
        <Stack gap="xl">
          <ResetForm
            kind="pin"
            context={snapshot.context}
            busy={snapshot.hasTag('busy')}
            redirecting={snapshot.hasTag('redirecting')}
            destination={next === homePath ? 'your dashboard' : 'sign in'}
            send={send}
          />
          {snapshot.hasTag('redirecting') ? null : (
            <p className={styles.aside}>
              {next === homePath ? (
                <Link to={homePath}>Back to your dashboard</Link>
              ) : (
                <Link to="/account/login">Back to sign in</Link>
              )}
            </p>
          )}
        </Stack>
      </Card>
    </CenteredPage>
  )
}
