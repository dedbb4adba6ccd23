import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'
import { loginMachine } from '#machines/login.machine'
import { adminAreaUrl } from '#ui/admin-area'
import { LoginView } from './login-view'
import { SignedOutLayout } from './signed-out-layout'

/**
 * The login machine with the app's calls, storage and navigation. Tokens are written only
 * through client storage: baUid by Remember me, sbaUid and tempbaUid for their short flows.
 */
function useLoginActor() {
  const navigate = useNavigate()
  return useActorRef(
    loginMachine.provide({
      actors: {
        iduser: fromPromise(({ input }) => call('iduser', input)),
        userlogin: fromPromise(({ input }) => call('userlogin', input)),
      },
      actions: {
        storeSessionToken: ({ context }) => {
          if (context.token) clientStorage.setSessionToken(context.token, context.remember)
        },
        storeNoticeToken: ({ context }) => {
          if (context.token) clientStorage.set('sbaUid', context.token)
        },
        storeKycToken: ({ context }) => {
          if (context.token) clientStorage.set('tempbaUid', context.token)
        },
        goToVerify: ({ context }) => {
          void navigate({ to: '/account/verify', search: { email: context.email } })
        },
        goToAdminArea: () => window.location.assign(adminAreaUrl),
        goToAccountNotice: () => {
          void navigate({ to: '/account/info/notice' })
        },
        goToKycForm: () => {
          void navigate({ to: '/account/kyc/form' })
        },
        goToKycUnderReview: () => {
          void navigate({ to: '/account/kyc/under-review' })
        },
        goToDashboard: () => {
          void navigate({ to: '/dashboard' })
        },
      },
    }),
  )
}

/** Login, shown at /, /account and /account/login. */
export function LoginScreen() {
  const actor = useLoginActor()
  return (
    <SignedOutLayout title="Sign in">
      <LoginView actor={actor} />
    </SignedOutLayout>
  )
}
