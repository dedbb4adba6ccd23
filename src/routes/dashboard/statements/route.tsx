import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { StatementsScreen } from './-components/statements-screen'
import { statementsCatalog } from './-locales/catalog'

const filterKeys = ['from', 'to', 'type', 'search', 'minAmount', 'maxAmount'] as const

/**
 * The address's filter words as text. The screen checks them with the contract's rules
 * (`statementSearch`): route files load with every page, the contract only with the first call
 * (a valibot schema here adds 2.9 KB to every page's first load, docs/decisions/070).
 */
function filterWords(search: Record<string, unknown>) {
  const words: Partial<Record<(typeof filterKeys)[number], string>> = {}
  for (const key of filterKeys) if (typeof search[key] === 'string') words[key] = search[key]
  return words
}

/** `?from=&to=&type=&search=&minAmount=&maxAmount=`: the applied filter, so a reload or Back from a receipt keeps it. */
export const Route = createFileRoute('/dashboard/statements')({
  validateSearch: filterWords,
  loader: () => loadCatalog(statementsCatalog),
  component: StatementsScreen,
})
