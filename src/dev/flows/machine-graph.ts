import type { TraversalOptions } from '@xstate/graph'
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  getNextTransitions,
  getStateNodes,
  initialTransition,
  transition,
} from 'xstate'

/**
 * The one walk over a machine's graph, shared by the flow explorer
 * (src/dev/flow-explorer/session.ts: what can happen now, one click at a time) and the generated
 * path tests (test/harness/path-generation.ts: every path, for `xstate/graph`). Both ask it
 * what a snapshot offers and take steps with XState's pure `transition` (no clock, no actors),
 * through XState's public API only: `getNextTransitions` (every transition the active states
 * declare, guarded ones included), `getStateNodes`, `initialTransition` and `transition`.
 */

export type EventSupplier = (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]

export const initEvent: AnyEventObject = { type: 'xstate.init' }

/** The active state nodes in document order (parents before children), the root included. */
export function activeStateNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const nodes = new Set(getStateNodes(snapshot.machine.root, snapshot.value))
  return [...nodes].sort((a, b) => a.order - b.order)
}

/** The active atomic and final states: what a screen shows, what a diagram highlights. */
export function activeLeafNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return activeStateNodes(snapshot).filter(
    (node) => node.type === 'atomic' || node.type === 'final',
  )
}

/**
 * Whether an event type can be sent from outside: not `always` (''), a wildcard, a state's done
 * event or a child's snapshot event. Timers (`xstate.after.…`) and invoked actors' answers
 * (`xstate.done.actor.…`, `xstate.error.actor.…`) can: the explorer and the replay make them
 * happen.
 */
export function isSendable(type: string): boolean {
  return (
    type !== '' &&
    !type.includes('*') &&
    !type.startsWith('xstate.done.state.') &&
    !type.startsWith('xstate.snapshot.')
  )
}

/** The event types the active states have a transition for (guards not asked), in XState's order. */
export function sendableEventTypes(snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== 'active') return []
  const types = getNextTransitions(snapshot).map((definition) => definition.eventType)
  return [...new Set(types)].filter(isSendable)
}

/**
 * The events to try from a snapshot: every sendable event type, with the payloads `supplied`
 * gives for it, or bare. (`xstate/graph`'s own `events` option replaces the events it finds
 * instead of adding payloads to them, so the walk passes this function.)
 */
export function eventsToTry(
  snapshot: AnyMachineSnapshot,
  supplied?: EventSupplier,
): AnyEventObject[] {
  const payloads = supplied?.(snapshot) ?? []
  return sendableEventTypes(snapshot).flatMap((type) => {
    const matching = payloads.filter((event) => event.type === type)
    return matching.length > 0 ? matching : [{ type }]
  })
}

/**
 * A vertex of the graph: the state value plus the type of the event that led there. Context is
 * left out, so a countdown ticking in context keeps the graph finite; the incoming event type
 * makes a self-transition (a tick, a typed character) a vertex of its own, so it lies on a path.
 */
export function vertexKey(snapshot: AnyMachineSnapshot, event?: AnyEventObject): string {
  const value = JSON.stringify(snapshot.value)
  return event ? `${value} via ${event.type}` : value
}

/**
 * An edge's event as text, errors by name and message: JSON.stringify writes every Error (a
 * DOMException too) as {}, which would make an actor's different failures one edge.
 */
function edgeEventKey(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, nested: unknown) =>
    nested instanceof Error ? `${nested.name}(${nested.message})` : nested,
  )
}

export interface WalkOptions {
  input?: unknown
  events?: EventSupplier
  /** Fails the walk beyond this many visits (the graph must stay finite). */
  limit?: number
}

/** The traversal options of `xstate/graph` (getShortestPaths, getAdjacencyMap) for this walk. */
export function traversalOptions(
  machine: AnyStateMachine,
  options: WalkOptions = {},
): TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> {
  return {
    fromState: initialTransition(machine, options.input)[0],
    serializeState: (snapshot, event) => vertexKey(snapshot, event),
    serializeEvent: edgeEventKey,
    events: (snapshot) => eventsToTry(snapshot, options.events),
    limit: options.limit ?? 10_000,
  }
}

/** Reworded "Traversal limit exceeded" of `xstate/graph`, naming the machine. */
export function withTraversalHint<T>(machine: AnyStateMachine, limit: number, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof Error && error.message.includes('Traversal limit exceeded')) {
      error.message = `The graph of "${machine.id}" passed ${limit} visits: is it finite? ${error.message}`
    }
    throw error
  }
}

export interface WalkStep {
  event: AnyEventObject
  snapshot: AnyMachineSnapshot
}

interface PrefixNode {
  snapshot: AnyMachineSnapshot
  next: Map<string, PrefixNode>
}

/**
 * Replays event sequences with pure transitions from the initial snapshot, remembering every
 * prefix it has computed: paths that share a beginning (most generated paths do) compute it
 * once. `keyOf` names an event (its payload included) for the memory.
 */
export function createSimulator(
  machine: AnyStateMachine,
  input: unknown,
  keyOf: (event: AnyEventObject) => string = (event) => JSON.stringify(event),
): (events: readonly AnyEventObject[]) => WalkStep[] {
  const root: PrefixNode = { snapshot: initialTransition(machine, input)[0], next: new Map() }
  return (events) => {
    let node = root
    const steps: WalkStep[] = [{ event: initEvent, snapshot: root.snapshot }]
    for (const event of events) {
      const key = keyOf(event)
      let child = node.next.get(key)
      if (!child) {
        child = { snapshot: transition(machine, node.snapshot, event)[0], next: new Map() }
        node.next.set(key, child)
      }
      steps.push({ event, snapshot: child.snapshot })
      node = child
    }
    return steps
  }
}

/** `xstate.done.actor.<id>` / `xstate.error.actor.<id>` read back, or null for other events. */
export function actorAnswerOf(type: string): { kind: 'done' | 'error'; id: string } | null {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (!match?.[2]) return null
  return { kind: match[1] === 'done' ? 'done' : 'error', id: match[2] }
}

/** The name in `setup({ actors })` of the active invoke `id` (the id when it is inline). */
export function invokedActorName(snapshot: AnyMachineSnapshot, id: string): string {
  for (const node of activeStateNodes(snapshot)) {
    const invoke = node.invoke.find((candidate) => candidate.id === id)
    if (invoke) return typeof invoke.src === 'string' ? invoke.src : id
  }
  return id
}
