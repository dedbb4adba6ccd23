import { useLoaderData } from '@tanstack/react-router'
import { SectionPage } from '../../-shared/section-page'
import { useEmailChangeActor, useSettingsFormActor } from '../../-shared/settings-form-actor'
import { EmailChangeView } from './email-change-view'
import { ResetPinRequestView } from './reset-pin-request-view'
import { SecretChangeView } from './secret-change-view'

/**
 * dashboard/settings (spec 2: e-mail, passcode, PIN, with Reset PIN): four forms, each its own
 * statechart (the e-mail change by code; the settings-form machine for the other three).
 */
export function SettingsScreen() {
  const state = useLoaderData({ from: '/dashboard/settings' })
  const email = useEmailChangeActor(
    state.status === 'ready' ? (state.data.pendingEmail ?? null) : null,
  )
  const passcode = useSettingsFormActor('passcode')
  const pin = useSettingsFormActor('pin')
  const resetPin = useSettingsFormActor('resetPin')
  return (
    <SectionPage title="Settings" failure={state.status === 'failed' ? state.message : null}>
      {state.status === 'ready' ? (
        <>
          <EmailChangeView actor={email} currentEmail={state.data.user.email} />
          <SecretChangeView actor={passcode} kind="passcode" />
          <SecretChangeView actor={pin} kind="pin" />
          <ResetPinRequestView actor={resetPin} />
        </>
      ) : null}
    </SectionPage>
  )
}
