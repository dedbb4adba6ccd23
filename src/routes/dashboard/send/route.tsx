import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSendData } from './-components/send-data'
import { SendScreen } from './-components/send-screen'
import { sendCatalog } from './-locales/catalog'

/**
 * The send chain's layout: its loader reads the payees and the charge once on entering (not
 * again between the steps), and its screen holds the one machine for the three steps
 * (docs/decisions/043). Customer data: dropped on leaving (`gcTime: 0`).
 */
export const Route = createFileRoute('/dashboard/send')({
  loader: withCatalog(sendCatalog, loadSendData),
  shouldReload: false,
  gcTime: 0,
  component: SendScreen,
})
