import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/insights, loaded with the section (docs/decisions/090). */
export const insightsCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
