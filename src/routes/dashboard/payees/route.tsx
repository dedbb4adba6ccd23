import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { loadPayees } from './-components/payees-data'
import { PayeesScreen } from './-components/payees-screen'
import { payeesCatalog } from './-locales/catalog'

/** `?q=`: the search as typed, so a reload or Back keeps it (the server checks it). */
const searchWords = (search: Record<string, unknown>): { q?: string } =>
  typeof search.q === 'string' && search.q !== '' ? { q: search.q } : {}

/** The book for the search, with the section's words beside it. */
const loadPayeesWithWords = withCatalog(payeesCatalog, loadPayees)

/**
 * dashboard/payees, the payee book (docs/decisions/085). Customer data: read on every visit and
 * after each change (`gcTime: 0`), never kept for the next customer.
 */
export const Route = createFileRoute('/dashboard/payees')({
  validateSearch: searchWords,
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ deps }) => loadPayeesWithWords(deps.q),
  gcTime: 0,
  component: PayeesScreen,
})
