import { Link, useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { resetPasscodeMachine } from '#machines/reset-passcode.machine'
import { Stack } from '#ui/stack'
import * as styles from '../../-components/account-form.css'
import { ResetForm } from '../../-components/reset-form'
import { SignedOutLayout } from './signed-out-layout'

export interface PasscodeResetScreenProps {
  email?: string | undefined
  /** The code from the link; the screen then asks only for the new passcode. */
  code?: string | undefined
}

/** Reset passcode, at `/account/reset` (`?email=` prefills) and `/account/reset/r/$email/$token`. */
export function PasscodeResetScreen({ email, code }: PasscodeResetScreenProps) {
  const navigate = useNavigate()
  const [snapshot, send] = useMachine(
    resetPasscodeMachine.provide({
      actors: {
        userforgot: fromPromise(({ input }) => call('userforgot', input)),
        resendforgotcode: fromPromise(({ input }) => call('resendforgotcode', input)),
      },
      actions: { goToLogin: () => void navigate({ to: '/account/login' }) },
    }),
    { input: { email, code } },
  )
  return (
    <SignedOutLayout title="Reset your passcode">
      <Stack gap="xl">
        <ResetForm
          kind="passcode"
          context={snapshot.context}
          busy={snapshot.hasTag('busy')}
          redirecting={snapshot.hasTag('redirecting')}
          destination="sign in"
          send={send}
          onSendNewCode={() => send({ type: 'SEND_NEW_CODE' })}
          sendingNewCode={snapshot.matches({ resetting: { newCode: 'sending' } })}
        />
        {snapshot.hasTag('redirecting') ? null : (
          <p className={styles.aside}>
            Remembered it? <Link to="/account/login">Back to sign in</Link>
          </p>
        )}
      </Stack>
    </SignedOutLayout>
  )
}
