import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { resetPasscodeMachine } from '#machines/reset-passcode.machine'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { ResetForm } from '../../-components/reset-form'

export type PasscodeResetActor = ActorRefFrom<typeof resetPasscodeMachine>

/** The passcode reset drawn from its machine. It only sends events; the machine decides. */
export function PasscodeResetView({ actor }: { actor: PasscodeResetActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const redirecting = snapshot.hasTag('redirecting')
  return (
    <Stack gap="xl">
      <ResetForm
        kind="passcode"
        context={snapshot.context}
        busy={snapshot.hasTag('busy')}
        redirecting={redirecting}
        destination="sign in"
        send={actor.send}
        onSendNewCode={() => actor.send({ type: 'SEND_NEW_CODE' })}
        sendingNewCode={snapshot.matches({ resetting: { newCode: 'sending' } })}
      />
      {redirecting ? null : (
        <p className={styles.aside}>
          Remembered it? <Link to="/account/login">Back to sign in</Link>
        </p>
      )}
    </Stack>
  )
}
