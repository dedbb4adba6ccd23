import mermaid from 'mermaid'

/** Mermaid, bundled locally (no network), one render at a time (it keeps global state). */

let initialised = false
let queue: Promise<unknown> = Promise.resolve()
let counter = 0

export function renderMermaid(text: string): Promise<string> {
  if (!initialised) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' })
    initialised = true
  }
  const rendered = queue.then(async () => {
    counter += 1
    const { svg } = await mermaid.render(`flow-diagram-${counter}`, text)
    return svg
  })
  queue = rendered.catch(() => undefined)
  return rendered
}
