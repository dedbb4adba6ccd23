import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/pincreation, loaded with the section (docs/decisions/090). */
export const pincreationCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
