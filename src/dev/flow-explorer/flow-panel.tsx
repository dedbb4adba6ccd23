import { useMemo, useState } from 'react'
import type { AnyMachineSnapshot } from 'xstate'
import type { Flow } from '../flows/flow-catalog'
import { pathLabel } from '../flows/flow-model'
import { Diagram } from './diagram'
import { parseEventData, parseInput, toDisplayJson } from './json-text'
import {
  activeLeafPaths,
  createExplorer,
  type Explorer,
  type ExplorerStep,
  possibleSteps,
  startFlow,
  takeStep,
} from './session'
import { StepList } from './step-list'

/** One flow: its diagram, where it is now, what can happen next, and the way back. */

interface Entry {
  label: string
  snapshot: AnyMachineSnapshot
}

interface Walk {
  history: Entry[]
  error: string | null
}

function startWalk(explorer: Explorer, inputText: string): Walk {
  const input = parseInput(inputText)
  if (!input.ok) return { history: [], error: input.error }
  const started = startFlow(explorer, input.value)
  return started.ok
    ? { history: [{ label: 'start', snapshot: started.snapshot }], error: null }
    : { history: [], error: started.error }
}

export function FlowPanel({ flow }: { flow: Flow }) {
  const explorer = useMemo(() => createExplorer(flow), [flow])
  const [inputText, setInputText] = useState('{}')
  const [walk, setWalk] = useState<Walk>(() => startWalk(explorer, '{}'))
  const [dataText, setDataText] = useState<Record<string, string>>({})
  const snapshot = walk.history.at(-1)?.snapshot

  const parsedData = Object.fromEntries(
    Object.entries(dataText).map(([type, text]) => [type, parseEventData(text)]),
  )
  const data = Object.fromEntries(
    Object.entries(parsedData).flatMap(([type, parsed]) =>
      parsed.ok ? [[type, parsed.value]] : [],
    ),
  )
  const dataErrors = Object.fromEntries(
    Object.entries(parsedData).flatMap(([type, parsed]) =>
      parsed.ok ? [] : [[type, parsed.error]],
    ),
  )
  const steps = snapshot ? possibleSteps(explorer, snapshot, data) : []
  const current = snapshot ? activeLeafPaths(snapshot) : []
  const descriptions = explorer.model.states.filter((state) =>
    current.some((path) => pathLabel(path) === pathLabel(state.path)),
  )

  const onStep = (step: ExplorerStep) => {
    if (!snapshot) return
    const result = takeStep(explorer, snapshot, step)
    setWalk(
      result.ok
        ? {
            history: [...walk.history, { label: step.label, snapshot: result.snapshot }],
            error: null,
          }
        : { ...walk, error: result.error },
    )
  }

  return (
    <article className="flow-panel" aria-label={`Flow ${flow.name}`}>
      <header>
        <h2>{flow.name}</h2>
        <p>
          <code>{flow.exportName}</code> (id <code>{explorer.model.id}</code>) in{' '}
          <code>{flow.file}</code>
        </p>
        {explorer.model.description && <p>{explorer.model.description}</p>}
      </header>

      <Diagram model={explorer.model} current={current} />

      <section className="explorer-now" aria-label="Now">
        <h3>Now</h3>
        <p data-testid="current-state">
          {snapshot ? current.map((path) => pathLabel(path)).join(', ') : '(not started)'}
          {snapshot && snapshot.status === 'done' ? ' (final)' : ''}
        </p>
        {descriptions.map((state) => (
          <p key={pathLabel(state.path)} className="explorer-description">
            <strong>{pathLabel(state.path)}</strong>: {state.description ?? 'no description'}
          </p>
        ))}
        {walk.error && (
          <p className="explorer-error" role="alert">
            {walk.error}
          </p>
        )}
      </section>

      {snapshot && (
        <StepList
          steps={steps}
          dataText={dataText}
          dataErrors={dataErrors}
          onData={(type, text) => setDataText({ ...dataText, [type]: text })}
          onStep={onStep}
        />
      )}

      <section className="explorer-history" aria-label="Path so far">
        <h3>Path so far</h3>
        <ol>
          {walk.history.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the path only grows or shrinks at its end
            <li key={index}>{entry.label}</li>
          ))}
        </ol>
        <button
          type="button"
          disabled={walk.history.length < 2}
          onClick={() => setWalk({ history: walk.history.slice(0, -1), error: null })}
        >
          Back
        </button>
        <label>
          Start input (JSON){' '}
          <input
            aria-label="Start input"
            value={inputText}
            onChange={(change) => setInputText(change.target.value)}
          />
        </label>
        <button type="button" onClick={() => setWalk(startWalk(explorer, inputText))}>
          Restart
        </button>
      </section>

      <section aria-label="Context">
        <h3>Context</h3>
        <pre data-testid="context">{snapshot ? toDisplayJson(snapshot.context) : ''}</pre>
      </section>
    </article>
  )
}
