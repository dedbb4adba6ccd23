import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { InsightsScreen } from './-components/insights-screen'
import { insightsCatalog } from './-locales/catalog'

/**
 * dashboard/insights (issue 20, docs/decisions/089): money in and out per month, and a month by
 * type. The screen, its chart library and the call's schema load with this section only.
 */
export const Route = createFileRoute('/dashboard/insights')({
  loader: () => loadCatalog(insightsCatalog),
  component: InsightsScreen,
})
