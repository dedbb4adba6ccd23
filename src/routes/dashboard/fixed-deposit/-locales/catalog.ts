import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/fixed-deposit, loaded with the section (docs/decisions/090). */
export const fixedDepositCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
