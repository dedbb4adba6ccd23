import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { ApplicationError } from '#routes/-components/application-error'
import { NotFoundRedirect } from '#routes/-components/not-found-redirect'
import { type Auth, storageAuth } from '#routes/-components/route-guard'
import { routeTree } from './route-tree.gen'

/** The app is mounted under Vite's base ('/wp-user/'); the router's basepath drops the slash. */
export const basepath = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/'

/**
 * The build's prerender (src/prerender.tsx) passes a memory history and turns scroll
 * restoration off: on the server it draws an inline script, which the CSP refuses.
 */
export interface RouterOverrides {
  history?: RouterHistory
  scrollRestoration?: boolean
}

export function createAppRouter(auth: Auth = storageAuth, overrides: RouterOverrides = {}) {
  return createRouter({
    routeTree,
    basepath,
    context: { auth },
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundRedirect,
    defaultErrorComponent: ApplicationError,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...overrides,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
