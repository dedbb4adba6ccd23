import { t } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { warningNotice } from '#api/notice'
import { mayRememberSomeone } from '#api/remembered-hint'
import { call } from '#api/session-client'
import { loginMachine } from '#machines/login.machine'
import { idleSignOutMessage } from '#machines/session-timeout.words'
import { NoticeAlert } from '#ui/alert-box'
import { Stack } from '#ui/stack'
import { useAppEffects } from '../../-components/app-effects'
import { LoginView } from './login-view'
import { SignedOutLayout } from './signed-out-layout'

/** The login machine with the app's calls and the shared navigation and storage effects. */
function useLoginActor() {
  const effects = useAppEffects()
  return useActorRef(
    loginMachine.provide({
      actors: {
        // Asked only where the server left its hint: no call on anyone else's login page.
        rememberedDevice: fromPromise(async () =>
          mayRememberSomeone()
            ? call('rememberedDevice', {})
            : { ok: true as const, data: { email: null } },
        ),
        identifyCustomer: fromPromise(({ input }) => call('identifyCustomer', input)),
        signIn: fromPromise(({ input }) => call('signIn', input)),
        // Loaded with step 2, which offers it (decision 081).
        passkeySignIn: fromPromise(async ({ input }) =>
          (await import('./passcode-step')).signInWithPasskey(input),
        ),
      },
      actions: effects,
    }),
  )
}

/**
 * Login, shown at /, /account and /account/login; after the idle timeout (`idleMinutes`) with
 * its notice above the form.
 */
export function LoginScreen({ idleMinutes }: { idleMinutes?: number } = {}) {
  const actor = useLoginActor()
  return (
    <SignedOutLayout title={t`Sign in`}>
      <Stack gap="lg">
        {idleMinutes ? (
          <NoticeAlert notice={warningNotice(idleSignOutMessage(idleMinutes))} />
        ) : null}
        <LoginView actor={actor} />
      </Stack>
    </SignedOutLayout>
  )
}
