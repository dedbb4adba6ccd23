import { messages as english } from './app/en.po'
import type { Catalog } from './catalogs'

/**
 * What every page shares (the design system, the statecharts, the layouts): English comes with
 * the app's own code, Spanish is fetched before the first render when it is the language.
 */
export const appCatalog: Catalog = {
  en: async () => ({ messages: english }),
  es: () => import('./app/es.po'),
}
