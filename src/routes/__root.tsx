import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { RouterContext } from './-components/route-guard'

// Radix Toast is not needed for the first paint: it loads once the page is up (toasts sent
// before then wait in the toast store).
const Toaster = lazy(() => import('#ui/toaster').then((module) => ({ default: module.Toaster })))

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  // Not on the server, nor in the first client render, which hydrates the prerendered page.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return (
    <>
      <Outlet />
      {mounted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  )
}
