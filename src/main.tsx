import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '#ui/theme.css'
import { createAppRouter } from './router'

// Development only (?inspect): the Stately inspector on the app's actors; see src/dev/inspect.ts.
if (import.meta.env.DEV) await import('#dev/inspect').then((dev) => dev.startInspection())

const router = createAppRouter()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
