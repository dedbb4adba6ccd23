import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '#ui/theme.css'
import { whenSessionEnds } from './api/session-end'
import { navigateWith } from './navigation'
import { createConsoleRouter } from './router'

const container = document.getElementById('root')
if (!container) throw new Error('console.html has no #root element')

const router = createConsoleRouter()
const navigate = navigateWith(router)
whenSessionEnds((reason) => {
  void navigate({ to: '/sign-in', search: { ended: reason }, replace: true })
})

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
