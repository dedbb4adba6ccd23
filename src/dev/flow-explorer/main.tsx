import { i18n } from '@lingui/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './explorer.css'
import { ExplorerApp } from './explorer-app'
import { flows, problems } from './flows'

/** The local flow explorer: development only, never part of the portal's build. */
const container = document.getElementById('flow-explorer')
if (!container) throw new Error('index.html has no #flow-explorer element')

// The flows' words in English: outside a production build Lingui compiles each message from its
// source text, so no catalog needs loading (as in the tests, test/support/english.setup.ts).
i18n.activate('en')

createRoot(container).render(
  <StrictMode>
    <ExplorerApp flows={flows} problems={problems} />
  </StrictMode>,
)
