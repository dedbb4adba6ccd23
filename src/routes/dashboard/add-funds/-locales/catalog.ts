import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/add-funds, loaded with the section (docs/decisions/090). */
export const addFundsCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
