import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/kyc, loaded with the section (docs/decisions/090). */
export const kycCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
