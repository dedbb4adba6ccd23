import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { legalCatalog } from '#i18n/legal-catalog'
import { LegalPage } from './-components/legal-page'

/** Open to everyone, signed in or out: the terms signup asks the customer to agree to. */
export const Route = createFileRoute('/terms')({
  loader: () => loadCatalog(legalCatalog),
  component: () => <LegalPage kind="terms" />,
})
