import { startRegistration } from '@simplewebauthn/browser'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { type CreationOptions, staffEnrolmentMachine } from '#machines/staff-enrolment.machine'
import { staffSessionRead } from '../../api/staff-call'
import { useConsoleNavigate } from '../../navigation'
import { EnrolView } from './enrol-view'

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']

/** The enrolment statechart with the link of the address, the console's calls and the browser's passkey. */
export function EnrolScreen() {
  const navigate = useConsoleNavigate()
  // The token is in the fragment, which no request or Referer carries (decision 068).
  const [link] = useState(() => window.location.hash.replace(/^#/, ''))
  const actor = useActorRef(
    staffEnrolmentMachine.provide({
      actors: {
        enrolCheck: fromPromise(({ input }) => staffSessionRead('enrolcheck', input)),
        enrolPassword: fromPromise(({ input }) => staffSessionRead('enrolpassword', input)),
        passkeyOptions: fromPromise(() => staffSessionRead('passkeyoptions')),
        passkeyCreation: fromPromise(async ({ input }: { input: { options: CreationOptions } }) =>
          JSON.stringify(
            await startRegistration({
              optionsJSON: input.options as unknown as RegistrationOptions,
            }),
          ),
        ),
        passkeyRegister: fromPromise(({ input }) => staffSessionRead('passkeyregister', input)),
        totpBegin: fromPromise(() => staffSessionRead('totpbegin')),
        totpConfirm: fromPromise(({ input }) => staffSessionRead('totpconfirm', input)),
      },
      actions: { goToConsole: () => void navigate({ to: '/', replace: true }) },
    }),
    { input: { link } },
  )
  return <EnrolView actor={actor} />
}
