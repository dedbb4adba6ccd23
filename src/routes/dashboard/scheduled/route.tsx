import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadScheduledTransfers } from './-components/scheduled-data'
import { ScheduledScreen } from './-components/scheduled-screen'
import { scheduledCatalog } from './-locales/catalog'

/**
 * dashboard/scheduled, the scheduled and repeating transfers (docs/decisions/088). Customer
 * data: read on every visit and after each change (`gcTime: 0`).
 */
export const Route = createFileRoute('/dashboard/scheduled')({
  loader: withCatalog(scheduledCatalog, loadScheduledTransfers),
  gcTime: 0,
  component: ScheduledScreen,
})
