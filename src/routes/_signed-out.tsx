import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { signedOutCatalog } from './_signed-out/-locales/catalog'
import { enforceArea } from './-components/route-guard'

/** Screens for visitors without a session token; with one, they go to the dashboard. */
export const Route = createFileRoute('/_signed-out')({
  beforeLoad: ({ context }) => enforceArea('signed-out', context.auth),
  loader: () => loadCatalog(signedOutCatalog),
})
