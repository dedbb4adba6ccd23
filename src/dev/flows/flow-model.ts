import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { formatDuration } from './format'
import { actorAnswerOf } from './machine-graph'

/**
 * The readable shape of a machine, read from the live machine object: its states, and every
 * transition with a label a product owner can follow ("RESEND", "after tick (1 s)",
 * "resendconfirmcode done"), guards, delays and actors by their names in `setup`. The Mermaid
 * diagrams, the flow pages, the flow explorer's buttons and the static-extraction check all
 * read machines through this one model, so they name things the same way.
 */

export type FlowStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface FlowState {
  /** State keys from the root: ['form', 'invalid']. */
  path: string[]
  key: string
  /** The state node id ('#id' without the '#'). */
  id: string
  type: FlowStateType
  /** Whether its parent enters it first (the root's initial state included). */
  initial: boolean
  description?: string
  /** Invoked actors: the invoke id and the actor's name in `setup({ actors })`. */
  invokes: Array<{ id: string; src: string }>
  tags: string[]
}

export type FlowTriggerKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'state-done'

export interface FlowTransition {
  /** The source state's path ([] is the machine root). */
  source: string[]
  kind: FlowTriggerKind
  /** The event type the machine sees, e.g. `xstate.after.tick.verifyResendCounting`. */
  eventType: string
  /** What starts it, readable: 'RESEND', 'after tick (1 s)', 'resendconfirmcode done'. */
  trigger: string
  guard?: string
  /** Target state paths; empty for a targetless transition (the state is not left). */
  targets: string[][]
  actions: string[]
  /** Position among the guarded alternatives of the same trigger on the same state. */
  index: number
  /** For `after`: the delay's name in `setup({ delays })` (or the number) and its length. */
  delay?: { name: string; ms?: number }
  /** For done/error: the invoked actor's name. */
  actor?: string
}

export interface FlowModel {
  id: string
  description?: string
  /** Whether the root's states all run at once (a parallel machine). */
  parallel: boolean
  /** Every state below the root, in document order (parents before children). */
  states: FlowState[]
  transitions: FlowTransition[]
  /** Named delays of `setup({ delays })` with their length when it is a fixed number. */
  delays: Array<{ name: string; ms?: number }>
}

export function listStates(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child)
      visit(child)
    }
  }
  visit(machine.root)
  return nodes
}

function namedGuard(guard: unknown): string | undefined {
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    return `${guard.name}(${guard.guards.map((inner: unknown) => namedGuard(inner)).join(', ')})`
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  return 'inline guard'
}

export function guardLabel(transition: AnyTransitionDefinition): string | undefined {
  return namedGuard(transition.guard)
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type
    return typeof type === 'string' ? `${type.replace(/^xstate\./, '')} (inline)` : 'inline action'
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type)
  return 'inline action'
}

function delayOf(machine: AnyStateMachine, delay: string | number): { name: string; ms?: number } {
  if (typeof delay === 'number') return { name: formatDuration(delay), ms: delay }
  const value = (machine.implementations.delays as Record<string, unknown>)[delay]
  return typeof value === 'number' ? { name: delay, ms: value } : { name: delay }
}

function delayLabel({ name, ms }: { name: string; ms?: number }): string {
  return ms === undefined || name === formatDuration(ms)
    ? `after ${name}`
    : `after ${name} (${formatDuration(ms)})`
}

interface Trigger {
  kind: FlowTriggerKind
  trigger: string
  delay?: { name: string; ms?: number }
  actor?: string
}

function triggerOf(machine: AnyStateMachine, node: AnyStateNode, eventType: string): Trigger {
  if (eventType === '') return { kind: 'always', trigger: 'always' }
  const after = node.after.find((definition) => definition.eventType === eventType)
  if (after) {
    const delay = delayOf(machine, (after as { delay: string | number }).delay)
    return { kind: 'after', trigger: delayLabel(delay), delay }
  }
  const answer = actorAnswerOf(eventType)
  if (answer) {
    const invoke = node.invoke.find((candidate) => candidate.id === answer.id)
    const actor = typeof invoke?.src === 'string' ? invoke.src : answer.id
    return { kind: answer.kind, trigger: `${actor} ${answer.kind}`, actor }
  }
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'state-done', trigger: 'done' }
  return { kind: 'event', trigger: eventType === '*' ? 'any event' : eventType }
}

function flowState(node: AnyStateNode): FlowState {
  const parent = node.parent
  const initialKeys = parent?.initial?.target.map((target) => target.key) ?? []
  const meta = node.meta as { description?: unknown } | undefined
  const description = typeof meta?.description === 'string' ? meta.description : node.description
  return {
    path: [...node.path],
    key: node.key,
    id: node.id,
    type: node.type,
    initial: parent?.type === 'parallel' || initialKeys.includes(node.key),
    ...(description ? { description } : {}),
    invokes: node.invoke.map((invoke) => ({
      id: invoke.id,
      src: typeof invoke.src === 'string' ? invoke.src : 'inline actor',
    })),
    tags: [...node.tags],
  }
}

function flowTransitions(machine: AnyStateMachine, node: AnyStateNode): FlowTransition[] {
  const groups: AnyTransitionDefinition[][] = [...node.transitions.values()]
  if (node.always?.length) groups.push(node.always)
  return groups.flatMap((group) =>
    group.map((transition, index) => {
      const guard = guardLabel(transition)
      return {
        source: [...node.path],
        eventType: transition.eventType,
        ...triggerOf(machine, node, transition.eventType),
        ...(guard ? { guard } : {}),
        targets: (transition.target ?? []).map((target) => [...target.path]),
        actions: transition.actions.map(actionName),
        index,
      }
    }),
  )
}

export function flowModel(machine: AnyStateMachine): FlowModel {
  const nodes = listStates(machine)
  const delays = Object.keys(machine.implementations.delays).map((name) => delayOf(machine, name))
  const description = machine.root.description ?? machine.config.description
  return {
    id: machine.id,
    ...(description ? { description } : {}),
    parallel: machine.root.type === 'parallel',
    states: nodes.map(flowState),
    transitions: [machine.root, ...nodes].flatMap((node) => flowTransitions(machine, node)),
    delays,
  }
}

/** 'a.b' for a state path; '(machine)' for the root. */
export function pathLabel(path: readonly string[]): string {
  return path.length === 0 ? '(machine)' : path.join('.')
}

/** `RESEND [isLastSecond]` */
export function triggerWithGuard(transition: FlowTransition): string {
  return transition.guard ? `${transition.trigger} [${transition.guard}]` : transition.trigger
}
