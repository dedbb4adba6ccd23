import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadSection } from '../-shared/section-data'
import { InstitutionalTransferScreen } from './-components/institutional-transfer-screen'
import { addFundsCatalog } from './-locales/catalog'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/add-funds/it')({
  loader: withCatalog(addFundsCatalog, () => loadSection('institutionDetails')),
  gcTime: 0,
  component: InstitutionalTransferScreen,
})
