import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/home, loaded with the section (docs/decisions/090). */
export const homeCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
