import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/settings, loaded with the section (docs/decisions/090). */
export const settingsCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
