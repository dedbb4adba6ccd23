import { t } from '@lingui/core/macro'
import { useLocation } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { forgotMachine } from '#machines/forgot.machine'
import { useAppEffects } from '../../-components/app-effects'
import { ForgotView } from './forgot-view'
import { NotMeScreen } from './not-me-screen'
import { SignedOutLayout } from './signed-out-layout'

/** The token of a new sign-in e-mail's "This wasn't me" link: /account/forgot#not-me=<token>. */
const notMeReport = (hash: string) => /^#?not-me=([A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null

/**
 * /account/forgot: forgot passcode, or "This wasn't me" when a new sign-in's e-mail linked here
 * (decision 080; the token in the fragment, which no log or Referer carries).
 */
export function ForgotScreen() {
  const report = notMeReport(useLocation({ select: (location) => location.hash }))
  return report ? (
    <SignedOutLayout title={t`Secure your account`}>
      <NotMeScreen report={report} />
    </SignedOutLayout>
  ) : (
    <ForgotPasscodeScreen />
  )
}

/** Forgot passcode: the forgot machine with the app's call and effects. */
function ForgotPasscodeScreen() {
  const effects = useAppEffects()
  const actor = useActorRef(
    forgotMachine.provide({
      actors: { resetPasscode: fromPromise(({ input }) => call('resetPasscode', input)) },
      actions: effects,
    }),
    { input: {} },
  )
  return (
    <SignedOutLayout title={t`Forgot your passcode?`}>
      <ForgotView actor={actor} />
    </SignedOutLayout>
  )
}
