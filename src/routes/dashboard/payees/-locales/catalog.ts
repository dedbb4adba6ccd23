import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/payees, loaded with the section (docs/decisions/090). */
export const payeesCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
