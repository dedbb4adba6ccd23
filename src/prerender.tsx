import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { startLanguage } from './i18n/language'
import { LanguageProvider } from './i18n/language-provider'
import { createAppRouter } from './router'

/**
 * The build's server-side entry (scripts/build/prerender.ts): renders one address of the app as
 * a visitor without a session sees it first, from the same routes and components main.tsx
 * hydrates.
 */
export async function renderPage(address: string) {
  await startLanguage('en')
  const history = createMemoryHistory({ initialEntries: [address] })
  const router = createAppRouter({ hasToken: () => false }, { history, scrollRestoration: false })
  await router.load()
  const html = renderToString(
    <StrictMode>
      <LanguageProvider>
        <RouterProvider router={router} />
      </LanguageProvider>
    </StrictMode>,
  )
  return { html, pathname: router.state.location.pathname }
}
