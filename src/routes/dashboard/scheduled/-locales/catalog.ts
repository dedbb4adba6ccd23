import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/scheduled, loaded with the section (docs/decisions/090). */
export const scheduledCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
