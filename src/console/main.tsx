import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startLanguage } from '#i18n/language'
import { LanguageProvider } from '#i18n/language-provider'
import '#ui/theme.css'
import { whenSessionEnds } from './api/session-end'
import { navigateWith } from './navigation'
import { createConsoleRouter } from './router'

const container = document.getElementById('root')
if (!container) throw new Error('console.html has no #root element')

// The console stays English (docs/decisions/090); the design system and the session timeout it
// shares with the portal speak through Lingui, so English is loaded before the first render.
await startLanguage('en')
const router = createConsoleRouter()
const navigate = navigateWith(router)
whenSessionEnds((reason) => {
  void navigate({ to: '/sign-in', search: { ended: reason }, replace: true })
})

createRoot(container).render(
  <StrictMode>
    <LanguageProvider>
      <RouterProvider router={router} />
    </LanguageProvider>
  </StrictMode>,
)
