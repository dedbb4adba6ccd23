import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/send, loaded with the section (docs/decisions/090). */
export const sendCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
