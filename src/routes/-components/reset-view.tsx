import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { resetMachine } from '#machines/reset.machine'
import { resetSecrets } from '#machines/reset-rules'
import { Stack } from '#ui/stack'
import * as styles from './account-form.css'
import { ResetForm } from './reset-form'

export type ResetActor = ActorRefFrom<typeof resetMachine>

/**
 * The passcode or PIN reset drawn from the reset machine, in its secret's words; `signedIn`
 * only picks the words of the way back (the PIN reset is open signed in, and login sends a
 * signed-in customer on to the dashboard). "Send a new code" shows where the machine offers it.
 * It only sends events; the machine decides.
 */
export function ResetView({ actor, signedIn = false }: { actor: ResetActor; signedIn?: boolean }) {
  const snapshot = useSelector(actor, (current) => current)
  const redirecting = snapshot.hasTag('redirecting')
  const offersNewCode = !snapshot.matches({ resetting: { newCode: 'notOffered' } })
  const { remembered } = resetSecrets[snapshot.context.secret].words
  return (
    <Stack gap="xl">
      <ResetForm
        context={snapshot.context}
        busy={snapshot.hasTag('busy')}
        redirecting={redirecting}
        destination={signedIn ? t`your dashboard` : t`sign in`}
        send={actor.send}
        {...(offersNewCode && {
          onSendNewCode: () => actor.send({ type: 'SEND_NEW_CODE' }),
          sendingNewCode: snapshot.matches({ resetting: { newCode: 'sending' } }),
        })}
      />
      {redirecting ? null : (
        <p className={styles.aside}>
          {signedIn ? (
            <Link to="/dashboard">
              <Trans>Back to your dashboard</Trans>
            </Link>
          ) : (
            <>
              {remembered ? `${remembered} ` : null}
              <Link to="/account/login">
                <Trans>Back to sign in</Trans>
              </Link>
            </>
          )}
        </p>
      )}
    </Stack>
  )
}
