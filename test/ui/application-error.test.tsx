import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApplicationError } from '#routes/-components/application-error'
import { NotFoundRedirect } from '#routes/-components/not-found-redirect'
import type { RouterContext } from '#routes/-components/route-guard'

afterEach(cleanup)

function Broken(): never {
  throw new Error('boom')
}

function routerAt(path: string, hasToken: boolean) {
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet })
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/broken', component: Broken }),
    createRoute({ getParentRoute: () => root, path: '/account/login', component: () => 'LOGIN' }),
    createRoute({ getParentRoute: () => root, path: '/dashboard', component: () => 'DASHBOARD' }),
  ]
  return createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth: { hasToken: () => hasToken } },
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundRedirect,
    defaultErrorComponent: ApplicationError,
  })
}

describe('router fallbacks', () => {
  it("shows 'Unexpected Application Error!' with a way back when a screen throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(<RouterProvider router={routerAt('/broken', false)} />)
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy()
    expect(screen.getByText('boom')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/account/login',
    )
    vi.restoreAllMocks()
  })

  it('sends an unknown address to login without a token', async () => {
    const router = routerAt('/nowhere', false)
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('LOGIN')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/account/login')
  })

  it('sends an unknown address to the dashboard with a token', async () => {
    const router = routerAt('/nowhere', true)
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('DASHBOARD')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
