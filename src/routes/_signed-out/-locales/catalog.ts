import type { Catalog } from '#i18n/catalogs'

/** The signed-out pages' words: sign-in, sign-up, verification, recovery, KYC. */
export const signedOutCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
