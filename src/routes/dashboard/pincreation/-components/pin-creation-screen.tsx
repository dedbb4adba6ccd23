import { t } from '@lingui/core/macro'
import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { pinCreationMachine } from '#machines/pin-creation.machine'
import { toastDurations } from '#ui/toast-durations'
import { toast } from '#ui/toast-store'
import { useDocumentTitle } from '#ui/use-document-title'
import { useAppEffects } from '../../../-components/app-effects'
import { PinCreationView } from './pin-creation-view'

/**
 * The PIN creation machine with the app's call, toast, storage and navigation. It lives in the
 * `dashboard/pincreation` layout route, so it survives the change between its two addresses:
 * each step puts its own address in the URL (replacing the history entry, so Back leaves PIN
 * creation rather than stepping through it).
 */
function usePinCreationActor() {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    pinCreationMachine.provide({
      actors: { createTransferPin: fromPromise(({ input }) => call('createTransferPin', input)) },
      actions: {
        ...effects,
        showEntryStep: () => {
          void router.navigate({ to: '/dashboard/pincreation', replace: true })
        },
        showReentryStep: () => {
          void router.navigate({ to: '/dashboard/pincreation/new1', replace: true })
        },
        notifyCreated: (_, { message }) => {
          toast({ type: 'success', message, duration: toastDurations.pinCreation })
        },
      },
    }),
  )
}

/**
 * dashboard/pincreation and its step new1. The dashboard's loader (with pincheck) has already
 * decided that this screen is for this customer.
 */
export function PinCreationScreen() {
  useDocumentTitle(t`Create your transaction PIN`)
  const actor = usePinCreationActor()
  return <PinCreationView actor={actor} />
}
