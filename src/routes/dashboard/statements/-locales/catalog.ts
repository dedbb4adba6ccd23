import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/statements, loaded with the section (docs/decisions/090). */
export const statementsCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
