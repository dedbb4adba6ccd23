import { i18n } from '@lingui/core'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadWire } from '#api/client'
import { clientStorage } from '#api/client-storage'
import { formatMoney } from '#api/money'
import '#ui/theme.css'
import { startLanguage } from './i18n/language'
import { LanguageProvider } from './i18n/language-provider'
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

await startLanguage()
await yieldToBrowser()
const router = createAppRouter()
const app = (
  <StrictMode>
    <LanguageProvider>
      <RouterProvider router={router} />
    </LanguageProvider>
  </StrictMode>
)

// A page prerendered at build time (scripts/build/prerender.ts) names its path. It is hydrated
// when the router lands on that same path with its route loaded; a visitor sent elsewhere (a
// stored session on the login page) gets a fresh render instead. Rendering in a transition
// lets React yield to the browser every few milliseconds.
const prerenderedPath = container.dataset.prerendered
// The contract's schemas load with the first call (src/api/client.ts). A prerendered page
// (login, signup) calls nothing until a form is sent: they load once the visitor starts to act,
// outside the page's load. Any other page calls at once: they load beside the route's code.
if (prerenderedPath === undefined) void loadWire()
else
  for (const type of ['pointerdown', 'keydown', 'focusin'])
    document.addEventListener(type, () => void loadWire(), { once: true, passive: true })
// A signed-in page shows amounts. The page's first number format loads the locale's data (a
// long task on a slow phone): done in a task of its own while the route's data is on its way,
// not within the render that follows its arrival.
if (prerenderedPath === undefined && clientStorage.get('baUid')) setTimeout(() => formatMoney(0), 0)
if (prerenderedPath !== undefined) {
  // The route's code (the screen, its statechart, XState) is evaluated a route at a time, each
  // in a task of its own, before the router loads the route. Matching the first address builds
  // the router's index of routes: a task of its own too.
  await yieldToBrowser()
  for (const match of router.matchRoutes(router.state.location.pathname)) {
    const route = router.routesById[match.routeId]
    await yieldToBrowser()
    if (route) await router.loadRouteChunk(route)
  }
  await yieldToBrowser()
  await router.load()
  await yieldToBrowser()
} else {
  // Any other page (the signed-in area) renders once its route and data are loaded, in a
  // transition React slices, rather than in the one synchronous render the router's own first
  // load makes when the data arrives. A load slower than the pending screen's delay renders at
  // once, so its pending screen (the dashboard's skeleton) shows as before.
  await yieldToBrowser()
  const pendingMs = router.options.defaultPendingMs ?? 1000
  await Promise.race([
    router.load(),
    new Promise<void>((resolve) => setTimeout(resolve, pendingMs)),
  ])
  await yieldToBrowser()
}
// The pages are prerendered in English: in another language the page is drawn afresh.
const samePage =
  prerenderedPath !== undefined &&
  router.state.location.pathname === prerenderedPath &&
  i18n.locale === 'en'
if (samePage) {
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
