import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useFirstPaintDone } from '#ui/use-first-paint'
import type { RouterContext } from './-components/route-guard'

// Radix Toast is not needed for the first paint: it loads once that paint is presented (toasts
// sent before then wait in the toast store).
const Toaster = lazy(() => import('#ui/toaster').then((module) => ({ default: module.Toaster })))

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  const painted = useFirstPaintDone()
  return (
    <>
      <Outlet />
      {painted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  )
}
