import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { resetPinMachine } from '#machines/reset-pin.machine'
import { Stack } from '#ui/stack'
import * as styles from '../../../-components/account-form.css'
import { ResetForm } from '../../../-components/reset-form'

export type PinResetActor = ActorRefFrom<typeof resetPinMachine>

/**
 * The PIN reset drawn from its machine; `signedIn` only picks the words of the way back (the
 * login route sends a signed-in customer on to the dashboard). It only sends events.
 */
export function PinResetView({ actor, signedIn }: { actor: PinResetActor; signedIn: boolean }) {
  const snapshot = useSelector(actor, (current) => current)
  const redirecting = snapshot.hasTag('redirecting')
  return (
    <Stack gap="xl">
      <ResetForm
        kind="pin"
        context={snapshot.context}
        busy={snapshot.hasTag('busy')}
        redirecting={redirecting}
        destination={signedIn ? 'your dashboard' : 'sign in'}
        send={actor.send}
      />
      {redirecting ? null : (
        <p className={styles.aside}>
          {signedIn ? (
            <Link to="/dashboard">Back to your dashboard</Link>
          ) : (
            <Link to="/account/login">Back to sign in</Link>
          )}
        </p>
      )}
    </Stack>
  )
}
