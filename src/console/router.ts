import { createRouter } from '@tanstack/react-router'
import { routeTree } from './route-tree'

/** The console lives under /wp-admin, beside the portal's /wp-user (docs/decisions/074). */
export const consoleBasepath = '/wp-admin'

export function createConsoleRouter() {
  return createRouter({
    routeTree,
    basepath: consoleBasepath,
    defaultPreload: 'intent',
    scrollRestoration: false,
  })
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>
