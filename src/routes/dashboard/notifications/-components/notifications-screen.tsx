import { t } from '@lingui/core/macro'
import { useLoaderData, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { call } from '#api/session-client'
import { notificationsMachine } from '#machines/notifications.machine'
import { toastDurations } from '#ui/toast-durations'
import { toast } from '#ui/toast-store'
import { useAppEffects } from '../../../-components/app-effects'
import { SectionPage } from '../../-shared/section-page'
import { NotificationsView } from './notifications-view'

/** The routes whose loaders read the unread count: the dashboard (side menu) and this list. */
const unreadCountRoutes = new Set(['/dashboard', '/dashboard/notifications'])

/**
 * The marking machine with the app's call, toast and reload. After a mark, both loaders that
 * read notifications run again, so the list and the side menu's count come from the server.
 */
function useNotificationsActor() {
  const router = useRouter()
  const effects = useAppEffects()
  return useActorRef(
    notificationsMachine.provide({
      actors: {
        markNotificationRead: fromPromise(({ input }) => call('markNotificationRead', input)),
        markNotificationsRead: fromPromise(({ input }) => call('markNotificationsRead', input)),
      },
      actions: {
        ...effects,
        notify: (_, { tone, message }) =>
          toast({ type: tone, message, duration: toastDurations.default }),
        refreshNotifications: () =>
          void router.invalidate({ filter: (match) => unreadCountRoutes.has(match.routeId) }),
      },
    }),
  )
}

/** dashboard/notifications: the list the loader read, and Mark as read on the unread ones. */
export function NotificationsScreen() {
  const state = useLoaderData({ from: '/dashboard/notifications' })
  const actor = useNotificationsActor()
  return (
    <SectionPage
      title={t`Notifications`}
      failure={state.status === 'failed' ? state.message : null}
    >
      {state.status === 'ready' ? (
        <NotificationsView actor={actor} notifications={state.data.notifications} />
      ) : null}
    </SectionPage>
  )
}
