import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '#ui/theme.css'
import { createAppRouter } from './router'

// Development only (?inspect): the Stately inspector on the app's actors; see src/dev/inspect.ts.
if (import.meta.env.DEV) await import('#dev/inspect').then((dev) => dev.startInspection())

/**
 * Ends the current task so the browser can paint and handle input. The start-up is done in
 * steps (evaluate the modules, build the router, load the route, render) so that none is one
 * long task on a slow phone.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

await yieldToBrowser()
const router = createAppRouter()
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

// A page prerendered at build time (scripts/build/prerender.ts) names its path. It is hydrated
// when the router lands on that same path with its route loaded; a visitor sent elsewhere (a
// stored session on the login page) gets a fresh render instead. Rendering in a transition
// lets React yield to the browser every few milliseconds.
const prerenderedPath = container.dataset.prerendered
if (prerenderedPath !== undefined) {
  await yieldToBrowser()
  await router.load()
  await yieldToBrowser()
}
if (prerenderedPath !== undefined && router.state.location.pathname === prerenderedPath) {
  // Marked as server-rendered, the router draws the same tree as on the server (without a
  // Suspense boundary around the matches), as TanStack Start does when it hydrates.
  router.ssr = { manifest: undefined }
  startTransition(() => {
    hydrateRoot(container, app)
  })
} else {
  const root = createRoot(container)
  startTransition(() => root.render(app))
}
