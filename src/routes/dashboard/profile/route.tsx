import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSection } from '../-shared/section-data'
import { ProfileScreen } from './-components/profile-screen'
import { profileCatalog } from './-locales/catalog'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/profile')({
  loader: withCatalog(profileCatalog, () => loadSection('customerProfile')),
  gcTime: 0,
  component: ProfileScreen,
})
