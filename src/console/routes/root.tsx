import { createRootRoute, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ConsoleError } from '../layout/console-error'

// With import(), as the portal's root does: the build keeps Radix Toast out of the console's
// chunk, which would otherwise be where the portal's own toaster loads it from.
const Toaster = lazy(() => import('#ui/toaster').then((module) => ({ default: module.Toaster })))

/** Every console page: the page, and the toasts over it. */
export const rootRoute = createRootRoute({
  component: ConsoleRoot,
  errorComponent: ConsoleError,
})

function ConsoleRoot() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
