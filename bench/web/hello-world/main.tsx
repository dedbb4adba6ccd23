import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The yardstick of `npm run bench:web`: React 19 and nothing else, built by Vite like the app.
function App() {
  return (
    <main>
      <h1>Hello world</h1>
      <p>A Vite + React page with nothing else in it.</p>
    </main>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('no #root')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
