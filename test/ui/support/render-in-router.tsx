import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'

/** Paths a view may link to; each renders its own path as text. */
const linkedPaths = [
  '/account/login',
  '/account/forgot',
  '/account/signup',
  '/dashboard',
  '/dashboard/scheduled',
  '/terms',
  '/privacy',
]

/** Renders a screen at / inside a memory router, so its links work. Resolves once it shows. */
export async function renderInRouter(Screen: ComponentType) {
  const root = createRootRoute({ component: Outlet })
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <Screen /> }),
    ...linkedPaths.map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => `page ${path}` }),
    ),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  return { router, ...render(<RouterProvider router={router} />) }
}
