import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'
import { pinCreationMachine } from '#machines/pin-creation.machine'
import { Card } from '#ui/card'
import { Skeleton } from '#ui/skeleton'
import { Stack } from '#ui/stack'
import { toastDurations } from '#ui/toast-durations'
import { toast } from '#ui/toast-store'
import { useDocumentTitle } from '#ui/use-document-title'
import { visuallyHidden } from '#ui/visually-hidden.css'
import { useStatement } from '../../-components/statement'
import * as styles from './pin-creation.css'
import { PinCreationView } from './pin-creation-view'

/**
 * The PIN creation machine with the app's call, toast, storage and navigation. It lives in the
 * `dashboard/pincreation` layout route, so it survives the change between its two addresses:
 * each step puts its own address in the URL (replacing the history entry, so Back leaves PIN
 * creation rather than stepping through it).
 */
function usePinCreationActor() {
  const router = useRouter()
  return useActorRef(
    pinCreationMachine.provide({
      actors: { updatepin: fromPromise(({ input }) => call('updatepin', input)) },
      actions: {
        showEntryStep: () => {
          void router.navigate({ to: '/dashboard/pincreation', replace: true })
        },
        showReentryStep: () => {
          void router.navigate({ to: '/dashboard/pincreation/new1', replace: true })
        },
        notifyCreated: (_, { message }) => {
          toast({ type: 'success', message, duration: toastDurations.pinCreation })
        },
        goToDashboard: () => {
          void router.navigate({ to: '/dashboard', replace: true })
        },
        forgetSessionToken: () => clientStorage.remove('baUid'),
        goToLogin: () => {
          void router.navigate({ to: '/account/login', replace: true })
        },
      },
    }),
  )
}

/** dashboard/pincreation and its step new1. */
export function PinCreationScreen() {
  useDocumentTitle('Create your transaction PIN')
  const actor = usePinCreationActor()
  const { state } = useStatement()
  // The dashboard's load (with pincheck) decides first whether this screen is for this
  // customer: nothing shows until it has.
  if (state.status === 'loading') return <PinCreationSkeleton />
  return <PinCreationView actor={actor} />
}

function PinCreationSkeleton() {
  return (
    <Card as="div" className={styles.card} aria-busy="true">
      <p className={visuallyHidden} role="status">
        Loading…
      </p>
      <Stack gap="md">
        <Skeleton width="90px" />
        <Skeleton width="75%" height="1.75rem" />
        <Skeleton height="52px" />
        <Skeleton height="46px" />
      </Stack>
    </Card>
  )
}
