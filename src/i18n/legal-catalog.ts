import type { Catalog } from './catalogs'

/** The terms and the privacy notice, loaded with their pages (docs/decisions/090). */
export const legalCatalog: Catalog = {
  en: () => import('./legal/en.po'),
  es: () => import('./legal/es.po'),
}
