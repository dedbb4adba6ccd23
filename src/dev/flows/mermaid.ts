import { type FlowModel, type FlowState, type FlowTransition, triggerWithGuard } from './flow-model'

/**
 * A Mermaid `stateDiagram-v2` of a flow: states (nested and parallel ones as composites),
 * the initial and final markers, and every transition labelled with its trigger and guard.
 * Targetless transitions are drawn as loops on their state; the machine's own (root)
 * transitions as loops on a box around the whole flow. `current` highlights states (the
 * explorer passes the active ones).
 */

const reserved = new Set([
  'state',
  'note',
  'end',
  'class',
  'classDef',
  'direction',
  'style',
  'click',
  'as',
  'root',
])

const rootKey = ''

function keyOf(path: readonly string[]): string {
  return path.join('.')
}

/** A Mermaid id for every state path (and for the root box), unique and safe. */
export function mermaidIds(model: FlowModel): Map<string, string> {
  const ids = new Map<string, string>([[rootKey, `${safe(model.id) || 'machine'}_machine`]])
  const used = new Set(ids.values())
  for (const state of model.states) {
    const parent = ids.get(keyOf(state.path.slice(0, -1)))
    const own = safe(state.key) || 'state'
    let id = state.path.length === 1 ? own : `${parent}_${own}`
    if (reserved.has(id) || /^[0-9]/.test(id)) id = `s_${id}`
    for (let n = 2; used.has(id); n++) id = `${id}_${n}`
    used.add(id)
    ids.set(keyOf(state.path), id)
  }
  return ids
}

function safe(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/g, '_')
}

/** Label text Mermaid reads literally: no statement separators, comment or entity marks. */
function label(text: string): string {
  return text
    .replace(/[;#%:{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function isAncestorOrSelf(ancestor: readonly string[], path: readonly string[]): boolean {
  return ancestor.every((key, index) => path[index] === key)
}

/** The deepest composite path containing both (where Mermaid wants the edge declared). */
function commonParent(a: readonly string[], b: readonly string[]): string[] {
  const common: string[] = []
  for (let index = 0; index < Math.min(a.length, b.length) - 1; index++) {
    if (a[index] !== b[index]) break
    common.push(a[index] ?? '')
  }
  return common
}

export interface MermaidOptions {
  /** State paths to highlight as current. */
  current?: readonly (readonly string[])[]
  direction?: 'LR' | 'TB'
}

export function toMermaid(model: FlowModel, options: MermaidOptions = {}): string {
  const ids = mermaidIds(model)
  const idOf = (path: readonly string[]) => ids.get(keyOf(path)) ?? 'unknown'
  const rootTransitions = model.transitions.filter((t) => t.source.length === 0)
  const wrapped = rootTransitions.length > 0 || model.parallel
  const childrenOf = (path: readonly string[]) =>
    model.states.filter(
      (state) => state.path.length === path.length + 1 && isAncestorOrSelf(path, state.path),
    )

  const edges = new Map<string, string[]>()
  const addEdge = (scope: readonly string[], line: string) => {
    const key = keyOf(scope)
    edges.set(key, [...(edges.get(key) ?? []), line])
  }
  for (const transition of model.transitions) {
    const text = label(triggerWithGuard(transition))
    if (transition.source.length === 0) {
      addEdge(['(root)'], `${idOf([])} --> ${idOf([])} : ${text}`)
      continue
    }
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    for (const target of targets) {
      const scope = edgeScope(transition, target)
      addEdge(scope, `${idOf(transition.source)} --> ${idOf(target)} : ${text}`)
    }
  }

  const lines: string[] = []
  const write = (depth: number, line: string) => lines.push(`${'  '.repeat(depth)}${line}`)

  const writeChildren = (parentPath: readonly string[], parallel: boolean, depth: number) => {
    const children = childrenOf(parentPath)
    children.forEach((state, index) => {
      if (parallel && index > 0) write(depth, '--')
      writeState(state, depth)
    })
    if (!parallel) {
      const initial = children.find((state) => state.initial)
      if (initial) write(depth, `[*] --> ${idOf(initial.path)}`)
    }
    for (const state of children) {
      if (state.type === 'final') write(depth, `${idOf(state.path)} --> [*]`)
    }
    for (const line of edges.get(keyOf(parentPath)) ?? []) write(depth, line)
  }

  const writeState = (state: FlowState, depth: number) => {
    const id = idOf(state.path)
    const composite = state.type === 'compound' || state.type === 'parallel'
    const calls = state.invokes.map((invoke) => invoke.src)
    const text = [
      state.key,
      ...(calls.length > 0 ? [`(calls ${calls.join(', ')})`] : []),
      ...(state.type === 'history' ? ['(history)'] : []),
    ].join(' ')
    const named = id === text ? id : `"${label(text)}" as ${id}`
    if (composite) {
      write(depth, `state ${named} {`)
      writeChildren(state.path, state.type === 'parallel', depth + 1)
      write(depth, '}')
    } else if (id !== text) write(depth, `state ${named}`)
  }

  write(0, 'stateDiagram-v2')
  write(1, `direction ${options.direction ?? 'LR'}`)
  const rootParallel = model.parallel
  if (wrapped) {
    write(1, `state "${label(model.id)}" as ${idOf([])} {`)
    writeChildren([], rootParallel, 2)
    write(1, '}')
    write(1, `[*] --> ${idOf([])}`)
    for (const line of edges.get(keyOf(['(root)'])) ?? []) write(1, line)
  } else writeChildren([], rootParallel, 1)

  const current = (options.current ?? []).map(idOf)
  if (current.length > 0) {
    write(1, 'classDef current fill:#ffe066,stroke:#c2410c,stroke-width:3px,color:#1c1917')
    write(1, `class ${current.join(',')} current`)
  }
  return `${lines.join('\n')}\n`
}

function edgeScope(transition: FlowTransition, target: readonly string[]): string[] {
  const source = transition.source
  if (keyOf(source) === keyOf(target)) return source.slice(0, -1)
  return commonParent(source, target)
}
