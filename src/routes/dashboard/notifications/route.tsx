import { createFileRoute } from '@tanstack/react-router'
import { loadSection } from '../-shared/section-data'
import { NotificationsScreen } from './-components/notifications-screen'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/notifications')({
  loader: () => loadSection('notificationList'),
  gcTime: 0,
  component: NotificationsScreen,
})
