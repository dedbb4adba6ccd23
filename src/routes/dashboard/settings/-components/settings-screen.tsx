import { t } from '@lingui/core/macro'
import { useLoaderData } from '@tanstack/react-router'
import { SectionPage } from '../../-shared/section-page'
import { useEmailChangeActor, useSettingsFormActor } from '../../-shared/settings-form-actor'
import { AppearanceView } from './appearance-view'
import { DevicesView } from './devices-view'
import { EmailChangeView } from './email-change-view'
import { LanguageView } from './language-view'
import { usePasskeyEnrolmentActor } from './passkey-enrolment-actor'
import { PasskeysView } from './passkeys-view'
import { ResetPinRequestView } from './reset-pin-request-view'
import { SecretChangeView } from './secret-change-view'
import { SecurityLogView } from './security-log-view'

/**
 * dashboard/settings (spec 2: e-mail, passcode, PIN, with Reset PIN): four forms, each its own
 * statechart (the e-mail change by code; the settings-form machine for the other three); then
 * the customer's security (decisions 080, 081): passkeys, devices and sessions, and the
 * security log. First, this browser's appearance (086) and language (090), which call nothing.
 */
export function SettingsScreen() {
  const { profile, devices, log, passkeys } = useLoaderData({ from: '/dashboard/settings' })
  const email = useEmailChangeActor(
    profile.status === 'ready' ? (profile.data.pendingEmail ?? null) : null,
  )
  const passcode = useSettingsFormActor('passcode')
  const pin = useSettingsFormActor('pin')
  const resetPin = useSettingsFormActor('resetPin')
  const signOutOne = useSettingsFormActor('signOutDevice')
  const signOutOthers = useSettingsFormActor('signOutOthers')
  const enrolment = usePasskeyEnrolmentActor()
  const renamePasskey = useSettingsFormActor('renamePasskey')
  const removePasskey = useSettingsFormActor('removePasskey')
  return (
    <SectionPage title={t`Settings`} failure={profile.status === 'failed' ? profile.message : null}>
      <AppearanceView />
      <LanguageView />
      {profile.status === 'ready' ? (
        <>
          <EmailChangeView actor={email} currentEmail={profile.data.user.email} />
          <SecretChangeView actor={passcode} kind="passcode" />
          <SecretChangeView actor={pin} kind="pin" />
          <ResetPinRequestView actor={resetPin} />
          <PasskeysView
            passkeys={passkeys}
            enrolment={enrolment}
            rename={renamePasskey}
            remove={removePasskey}
          />
          <DevicesView devices={devices} signOutOne={signOutOne} signOutOthers={signOutOthers} />
          <SecurityLogView log={log} />
        </>
      ) : null}
    </SectionPage>
  )
}
