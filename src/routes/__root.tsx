import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from '#ui/toaster'
import type { RouterContext } from './-components/route-guard'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}
