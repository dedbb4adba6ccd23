import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSection } from '../-shared/section-data'
import { ContactScreen } from './-components/contact-screen'
import { contactCatalog } from './-locales/catalog'

export const Route = createFileRoute('/dashboard/contact')({
  loader: withCatalog(contactCatalog, () => loadSection('supportContacts')),
  gcTime: 0,
  component: ContactScreen,
})
