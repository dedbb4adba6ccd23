import { createFileRoute } from '@tanstack/react-router'
import { InstitutionalTransferScreen } from '../-components/institutional-transfer-screen'
import { loadSection } from '../-shared/section-data'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/add-funds/it')({
  loader: () => loadSection('getinstituition'),
  gcTime: 0,
  component: InstitutionalTransferScreen,
})
