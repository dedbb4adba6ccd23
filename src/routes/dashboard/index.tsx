import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { DashboardHome } from './home/-components/dashboard-home'
import { homeCatalog } from './home/-locales/catalog'

export const Route = createFileRoute('/dashboard/')({
  loader: () => loadCatalog(homeCatalog),
  component: DashboardHome,
})
