import type { Catalog } from '#i18n/catalogs'

/** The signed-in frame's words (layout, menus, shared parts, the sections' statecharts). */
export const dashboardCatalog: Catalog = {
  en: () => import('./en.po'),
  es: () => import('./es.po'),
}
