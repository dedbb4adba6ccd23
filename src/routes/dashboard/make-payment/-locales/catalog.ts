import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/make-payment, loaded with the section (docs/decisions/090). */
export const makePaymentCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
