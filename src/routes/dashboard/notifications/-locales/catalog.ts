import type { Catalog } from '#i18n/catalogs'

/** The words of dashboard/notifications, loaded with the section (docs/decisions/090). */
export const notificationsCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
