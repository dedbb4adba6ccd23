import { useEffect, useState } from 'react'
import type { Flow } from '../flows/flow-catalog'
import { FlowPanel } from './flow-panel'
import type { FlowProblem } from './flows'

/** The page: every flow in a list (by URL hash), the chosen one in a panel. */

function hashName(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''))
}

export function ExplorerApp({ flows, problems }: { flows: Flow[]; problems: FlowProblem[] }) {
  const [name, setName] = useState(hashName)
  useEffect(() => {
    const onHashChange = () => setName(hashName())
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])
  const flow = flows.find((candidate) => candidate.name === name) ?? flows[0]

  return (
    <div className="explorer" data-flow-explorer="">
      <nav className="explorer-nav" aria-label="Flows">
        <h1>Flow explorer</h1>
        <p className="explorer-hint">Every machine in src/machines. Nothing here calls a server.</p>
        <ul>
          {flows.map((candidate) => (
            <li key={candidate.name}>
              <a href={`#${candidate.name}`} aria-current={candidate === flow ? 'page' : undefined}>
                {candidate.name}
              </a>
            </li>
          ))}
        </ul>
        {problems.map((problem) => (
          <p key={problem.file} className="explorer-error" role="alert">
            {problem.file}: {problem.error}
          </p>
        ))}
      </nav>
      <main className="explorer-main">
        {flow ? (
          <FlowPanel key={flow.name} flow={flow} />
        ) : (
          <p>No machine found in src/machines.</p>
        )}
      </main>
    </div>
  )
}
