import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/receipt, loaded with the section (docs/decisions/090). */
export const receiptCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
