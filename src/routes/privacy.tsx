import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { legalCatalog } from '#i18n/legal-catalog'
import { LegalPage } from './-components/legal-page'

/** Open to everyone, signed in or out: how the bank handles personal data. */
export const Route = createFileRoute('/privacy')({
  loader: () => loadCatalog(legalCatalog),
  component: () => <LegalPage kind="privacy" />,
})
