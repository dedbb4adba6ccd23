import { type AnyStateMachine, createMachine } from 'xstate'
import { type FlowModel, flowModel, pathLabel } from '#dev/flows/flow-model'
import type { ExtractedNode } from './extractor'

/**
 * What Stately's extractor read, checked against the design's rules and turned back into a
 * machine, so its structure can be compared with the running machine's through the same
 * model (flow-model.ts).
 *
 * The extractor writes configs in XState v4's words: guards as `cond: { kind, type }`, actions
 * as `{ kind, action: { type } }`, invoke as `{ src, kind, id, onDone, onError }`; `kind` is
 * 'named' for a string name, 'inline' for code written in the config, 'builtin' for an XState
 * action creator such as `assign(...)` called in the config.
 */

type Json = unknown

function asNode(value: Json): ExtractedNode | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as ExtractedNode)
    : undefined
}

function asArray(value: Json): Json[] {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

function entries(value: Json): Array<[string, Json]> {
  return Object.entries(asNode(value) ?? {})
}

/** Every transition config of a state: where it is, and the raw transitions. */
function transitionGroups(state: ExtractedNode): Array<[string, Json[]]> {
  const groups: Array<[string, Json[]]> = []
  for (const [event, value] of entries(state.on)) groups.push([`on ${event}`, asArray(value)])
  for (const [delay, value] of entries(state.after)) groups.push([`after ${delay}`, asArray(value)])
  groups.push(['always', asArray(state.always)])
  groups.push(['onDone', asArray(state.onDone)])
  asArray(state.invoke).forEach((invoke, index) => {
    const node = asNode(invoke) ?? {}
    groups.push([`invoke[${index}].onDone`, asArray(node.onDone)])
    groups.push([`invoke[${index}].onError`, asArray(node.onError)])
  })
  return groups
}

export interface NamedParts {
  guards: string[]
  actions: string[]
  actors: string[]
  delays: string[]
}

export interface RuleCheck {
  problems: string[]
  names: NamedParts
}

function describeInline(value: Json): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.replace(/\s+/g, ' ').slice(0, 60)
}

/**
 * The design's rules on one extracted config: every guard, action and actor is a string name,
 * every delay a name (not a number). Returns the problems and the names used.
 */
export function checkNamingRules(config: ExtractedNode): RuleCheck {
  const problems: string[] = []
  const names: NamedParts = { guards: [], actions: [], actors: [], delays: [] }
  const checkActions = (where: string, value: Json) => {
    for (const action of asArray(value)) {
      const node = asNode(action) ?? {}
      const inner = asNode(node.action) ?? {}
      if (node.kind === 'named' && typeof inner.type === 'string') names.actions.push(inner.type)
      else
        problems.push(
          `${where}: action not named in setup (${describeInline(inner.expr ?? inner.type ?? action)})`,
        )
    }
  }
  const visit = (state: ExtractedNode, path: string[]) => {
    const at = pathLabel(path)
    checkActions(`${at} entry`, state.entry)
    checkActions(`${at} exit`, state.exit)
    for (const [where, transitions] of transitionGroups(state)) {
      for (const transition of transitions) {
        const node = asNode(transition)
        if (!node) continue
        const guard = asNode(node.cond)
        if (guard && guard.kind === 'named' && typeof guard.type === 'string') {
          names.guards.push(guard.type)
        } else if (guard) {
          problems.push(`${at} ${where}: guard not named in setup (${describeInline(guard.type)})`)
        }
        checkActions(`${at} ${where}`, node.actions)
      }
    }
    for (const [delay] of entries(state.after)) {
      if (/^\d+$/.test(delay))
        problems.push(`${at} after ${delay}: name the delay in setup({ delays })`)
      else names.delays.push(delay)
    }
    for (const invoke of asArray(state.invoke)) {
      const node = asNode(invoke) ?? {}
      if (node.kind === 'named' && typeof node.src === 'string') names.actors.push(node.src)
      else problems.push(`${at} invoke: actor not named in setup (${describeInline(node.src)})`)
    }
    for (const [key, child] of entries(state.states)) visit(asNode(child) ?? {}, [...path, key])
  }
  visit(config, [])
  return { problems, names }
}

/** Names the static config uses that the running machine's `setup` does not declare. */
export function undeclaredNames(names: NamedParts, machine: AnyStateMachine): string[] {
  const declared = machine.implementations as unknown as Record<keyof NamedParts, object>
  return (Object.keys(names) as Array<keyof NamedParts>).flatMap((part) =>
    [...new Set(names[part])]
      .filter((name) => !(name in declared[part]))
      .map((name) => `${part.slice(0, -1)} "${name}" is not declared in setup({ ${part} })`),
  )
}

function toTransition(value: Json): Json {
  if (typeof value === 'string') return { target: value }
  const node = asNode(value)
  if (!node) return value
  const guard = asNode(node.cond)
  return {
    ...(node.target !== undefined ? { target: node.target } : {}),
    ...(guard ? { guard: guard.kind === 'named' ? guard.type : inlineGuard } : {}),
  }
}

const inlineGuard = (): boolean => true

function toTransitions(value: Json): Json[] {
  return asArray(value).map(toTransition)
}

function mapValues(value: Json, map: (inner: Json) => Json): Record<string, Json> | undefined {
  const node = asNode(value)
  return node
    ? Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, map(inner)]))
    : undefined
}

/** The extracted config as an XState v5 config with only what shapes the graph. */
export function toV5Config(state: ExtractedNode): Record<string, unknown> {
  const copy = (keys: string[]) =>
    Object.fromEntries(
      keys.filter((key) => state[key] !== undefined).map((key) => [key, state[key]]),
    )
  const invoke = asArray(state.invoke).map((value) => {
    const node = asNode(value) ?? {}
    return {
      ...(node.id !== undefined ? { id: node.id } : {}),
      src: node.kind === 'named' ? node.src : 'inline actor',
      onDone: toTransitions(node.onDone),
      onError: toTransitions(node.onError),
    }
  })
  const result: Record<string, unknown> = {
    ...copy(['id', 'type', 'initial', 'history', 'target']),
    ...(state.on ? { on: mapValues(state.on, toTransitions) } : {}),
    ...(state.after ? { after: mapValues(state.after, toTransitions) } : {}),
    ...(state.always ? { always: toTransitions(state.always) } : {}),
    ...(state.onDone ? { onDone: toTransitions(state.onDone) } : {}),
    ...(invoke.length > 0 ? { invoke } : {}),
    ...(state.states
      ? { states: mapValues(state.states, (child) => toV5Config(asNode(child) ?? {})) }
      : {}),
  }
  return result
}

export function machineFromExtracted(config: ExtractedNode): AnyStateMachine {
  return createMachine(toV5Config(config) as Parameters<typeof createMachine>[0]) as AnyStateMachine
}

/**
 * The graph of a machine as sorted lines: each state (type, whether it starts, id, the actors
 * it invokes) and each transition (source, event type, guard, targets).
 */
export function structureLines(model: FlowModel): string[] {
  const states = model.states.map((state) => {
    const invokes = state.invokes.map((invoke) => ` invoke ${invoke.src}#${invoke.id}`).join('')
    return `state ${pathLabel(state.path)} ${state.type}${state.initial ? ' initial' : ''} #${state.id}${invokes}`
  })
  const transitions = model.transitions.map((transition) => {
    const targets = transition.targets.map(pathLabel).join(', ') || '(stays)'
    const guard = transition.guard ? ` [${transition.guard}]` : ''
    return `transition ${pathLabel(transition.source)} ${transition.eventType || 'always'}#${transition.index}${guard} -> ${targets}`
  })
  return [`machine #${model.id}`, ...states, ...transitions.sort()]
}

/** Lines only one side has: '- ' running machine only, '+ ' extractor only. */
export function structureDiff(running: AnyStateMachine, extracted: AnyStateMachine): string[] {
  const left = structureLines(flowModel(running))
  const right = structureLines(flowModel(extracted))
  return [
    ...left.filter((line) => !right.includes(line)).map((line) => `- ${line}`),
    ...right.filter((line) => !left.includes(line)).map((line) => `+ ${line}`),
  ]
}
