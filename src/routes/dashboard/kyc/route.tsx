import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSection } from '../-shared/section-data'
import { KycRequestScreen } from './-components/kyc-request-screen'
import { kycCatalog } from './-locales/catalog'

/** The bank's verification address comes with its contacts (getcontact). */
export const Route = createFileRoute('/dashboard/kyc')({
  loader: withCatalog(kycCatalog, () => loadSection('supportContacts')),
  gcTime: 0,
  component: KycRequestScreen,
})
