import { useEffect, useMemo, useRef, useState } from 'react'
import type { FlowModel } from '../flows/flow-model'
import { toMermaid } from '../flows/mermaid'
import { renderMermaid } from './render-mermaid'

const redrawDelayMs = 100

/** The flow's Mermaid diagram with the current states highlighted. */
export function Diagram({ model, current }: { model: FlowModel; current: string[][] }) {
  const text = useMemo(() => toMermaid(model, { current }), [model, current])
  const figure = useRef<HTMLDivElement>(null)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    // Quick clicks in a row draw only the last state: a layout takes a moment.
    const timer = setTimeout(() => {
      renderMermaid(text).then(
        (svg) => {
          if (!live || !figure.current) return
          figure.current.innerHTML = svg
          setFailure(null)
        },
        (error: unknown) =>
          live && setFailure(error instanceof Error ? error.message : String(error)),
      )
    }, redrawDelayMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text])

  return (
    <figure className="explorer-diagram">
      <div
        ref={figure}
        data-testid="diagram"
        data-current={current.map((path) => path.join('.')).join(' ')}
      />
      {failure && (
        <>
          <p role="alert">The diagram could not be drawn: {failure}</p>
          <pre>{text}</pre>
        </>
      )}
    </figure>
  )
}
