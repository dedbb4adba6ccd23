import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/contact, loaded with the section (docs/decisions/090). */
export const contactCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
