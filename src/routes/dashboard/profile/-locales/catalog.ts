import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/profile, loaded with the section (docs/decisions/090). */
export const profileCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
