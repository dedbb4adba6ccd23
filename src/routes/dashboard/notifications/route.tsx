import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSection } from '../-shared/section-data'
import { NotificationsScreen } from './-components/notifications-screen'
import { notificationsCatalog } from './-locales/catalog'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/notifications')({
  loader: withCatalog(notificationsCatalog, () => loadSection('notificationList')),
  gcTime: 0,
  component: NotificationsScreen,
})
