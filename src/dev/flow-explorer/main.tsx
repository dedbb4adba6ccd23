import './english'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './explorer.css'
import { ExplorerApp } from './explorer-app'
import { flows, problems } from './flows'

/** The local flow explorer: development only, never part of the portal's build. */
const container = document.getElementById('flow-explorer')
if (!container) throw new Error('index.html has no #flow-explorer element')

createRoot(container).render(
  <StrictMode>
    <ExplorerApp flows={flows} problems={problems} />
  </StrictMode>,
)
