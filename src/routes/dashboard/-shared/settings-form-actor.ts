import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { emailChangeMachine } from '#machines/email-change.machine'
import { settingsFormMachine } from '#machines/settings-form.machine'
import type { SettingsFormName } from '#machines/settings-forms'
import { useAppEffects } from '../../-components/app-effects'

export type SettingsFormActor = ActorRefFrom<typeof settingsFormMachine>
export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>

/**
 * The settings-form machine for one form, with the app's call and effects. A saved form runs
 * every loader of the page again: the profile shows the new values, the header the new picture.
 */
export function useSettingsFormActor(form: SettingsFormName): SettingsFormActor {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    settingsFormMachine.provide({
      actors: { saveSettings: fromPromise(({ input }) => call(input.call, input.fields)) },
      actions: { ...effects, refreshProfile: () => void router.invalidate() },
    }),
    { input: { form } },
  )
}

/**
 * The e-mail change by code, with the app's calls and effects; `pendingEmail` (the profile's
 * `pendingEmail`) opens it on the code step of a change asked for earlier.
 */
export function useEmailChangeActor(pendingEmail: string | null): EmailChangeActor {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    emailChangeMachine.provide({
      actors: {
        requestEmailChange: fromPromise(({ input }) => call('requestEmailChange', input)),
        confirmEmailChange: fromPromise(({ input }) => call('confirmEmailChange', input)),
      },
      actions: { ...effects, refreshProfile: () => void router.invalidate() },
    }),
    { input: { pendingEmail } },
  )
}
