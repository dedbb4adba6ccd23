import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/upgrade, loaded with the section (docs/decisions/090). */
export const upgradeCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
