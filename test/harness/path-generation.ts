import { getAdjacencyMap, getShortestPaths } from '@xstate/graph'
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  transition,
} from 'xstate'
import { dedupePaths, namePaths, serialize } from './path-naming'
import type { MachinePath, PathGenerationOptions, PathStep } from './types'

/**
 * Test paths from the graph of a machine, walked with pure transitions (no clock, no actors).
 *
 * A graph vertex is the state value plus the type of the event that led there. Context is left
 * out, so a countdown ticking in context keeps the graph finite; the incoming event type makes
 * a self-transition (a tick, a typed character) a vertex of its own, so it lies on a path.
 *
 * Paths come from three sources, then are deduplicated and named (path-naming.ts):
 * 1. `getShortestPaths` (@xstate/graph): one shortest path to every vertex;
 * 2. simple paths (no vertex twice), enumerated depth-first and bounded by `maxSteps` and
 *    `maxPaths`. @xstate/graph's `getSimplePaths` has no bound, and every payload variant of
 *    an event multiplies its paths, so the walk is done here over the same vertices;
 * 3. every edge of the graph (`getAdjacencyMap`) not yet on a path: the shortest path to its
 *    source plus that edge, so each edge is exercised whatever the bounds.
 *
 * Every path is then replayed with pure transitions from the initial snapshot: the expected
 * state values are what the machine really does with those events, never a merged vertex.
 */

const initEvent: AnyEventObject = { type: 'xstate.init' }

export function vertexKey(snapshot: AnyMachineSnapshot, event?: AnyEventObject): string {
  const value = JSON.stringify(snapshot.value)
  return event ? `${value} via ${event.type}` : value
}

/** Events the graph cannot send from outside: wildcards, state done and snapshot events. */
function isSendable(type: string): boolean {
  return (
    type !== '' &&
    !type.includes('*') &&
    !type.startsWith('xstate.done.state.') &&
    !type.startsWith('xstate.snapshot.')
  )
}

/**
 * The events tried from a snapshot: every event type the active states accept, with the
 * payloads supplied for it, or bare. (A plain `events` option of @xstate/graph would replace
 * the found events instead of adding payloads to them.)
 */
export function eventsToTry(
  snapshot: AnyMachineSnapshot,
  supplied: ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]) | undefined,
): AnyEventObject[] {
  const payloads = supplied?.(snapshot) ?? []
  return __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
    if (!isSendable(type)) return []
    const matching = payloads.filter((event) => event.type === type)
    return matching.length > 0 ? matching : [{ type }]
  })
}

function initialSnapshot(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot {
  return initialTransition(machine, input)[0]
}

/** Replays events with pure transitions, recording the state after each. */
export function simulatePath(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly AnyEventObject[],
): PathStep[] {
  let snapshot = initialSnapshot(machine, input)
  const steps: PathStep[] = [{ event: initEvent, value: snapshot.value, snapshot }]
  for (const event of events) {
    snapshot = transition(machine, snapshot, event)[0]
    steps.push({ event, value: snapshot.value, snapshot })
  }
  return steps
}

function boundedSimplePaths(
  machine: AnyStateMachine,
  start: AnyMachineSnapshot,
  eventsOf: (snapshot: AnyMachineSnapshot) => AnyEventObject[],
  maxSteps: number,
  maxPaths: number,
): AnyEventObject[][] {
  const found: AnyEventObject[][] = []
  const onPath = new Set([vertexKey(start)])
  const events: AnyEventObject[] = []
  const walk = (snapshot: AnyMachineSnapshot) => {
    let extended = false
    if (events.length < maxSteps) {
      for (const event of eventsOf(snapshot)) {
        if (found.length >= maxPaths) return
        const next = transition(machine, snapshot, event)[0]
        const key = vertexKey(next, event)
        if (onPath.has(key)) continue
        extended = true
        onPath.add(key)
        events.push(event)
        walk(next)
        events.pop()
        onPath.delete(key)
      }
    }
    if (!extended && events.length > 0 && found.length < maxPaths) found.push([...events])
  }
  walk(start)
  return found
}

function edgeKey(sourceKey: string, event: AnyEventObject): string {
  return `${sourceKey} -- ${serialize(event)}`
}

interface GraphWalk {
  machine: AnyStateMachine
  start: AnyMachineSnapshot
  eventsOf: (snapshot: AnyMachineSnapshot) => AnyEventObject[]
  simulate: (events: readonly AnyEventObject[]) => PathStep[]
  traversal: {
    fromState: AnyMachineSnapshot
    serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined) => string
    events: (snapshot: AnyMachineSnapshot) => AnyEventObject[]
    limit: number
  }
}

function withTraversalHint<T>(walk: GraphWalk, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof Error && error.message.includes('Traversal limit exceeded')) {
      error.message = `The graph of "${walk.machine.id}" passed ${walk.traversal.limit} visits: is it finite? ${error.message}`
    }
    throw error
  }
}

/** One shortest path (as events) per vertex, and a lookup by the vertex it ends at. */
function shortestPaths(walk: GraphWalk) {
  const byVertex = new Map<string, AnyEventObject[]>()
  const graphPaths = withTraversalHint(walk, () => getShortestPaths(walk.machine, walk.traversal))
  const paths = graphPaths.map((path) => {
    const events = path.steps.slice(1).map((step) => step.event)
    const last = walk.simulate(events).at(-1)
    if (last) byVertex.set(vertexKey(last.snapshot, events.at(-1)), events)
    return events
  })
  return { paths, byVertex }
}

/** The edges `paths` take, as `<source vertex> -- <event>`. */
function edgesOf(walk: GraphWalk, paths: readonly AnyEventObject[][]): Set<string> {
  const edges = new Set<string>()
  for (const events of paths) {
    const steps = walk.simulate(events)
    for (const [index, step] of steps.entries()) {
      const source = steps[index - 1]
      if (!source) continue
      const sourceEvent = index === 1 ? undefined : source.event
      edges.add(edgeKey(vertexKey(source.snapshot, sourceEvent), step.event))
    }
  }
  return edges
}

/** For each graph edge no path takes: the shortest path to its source, then the edge. */
function uncoveredEdgePaths(
  walk: GraphWalk,
  paths: readonly AnyEventObject[][],
  shortestTo: ReadonlyMap<string, AnyEventObject[]>,
): AnyEventObject[][] {
  const covered = edgesOf(walk, paths)
  const adjacency = withTraversalHint(walk, () =>
    getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>(walk.machine, walk.traversal),
  )
  const added: AnyEventObject[][] = []
  for (const [sourceKey, vertex] of Object.entries(adjacency)) {
    const prefix = shortestTo.get(sourceKey)
    const edges: Array<{ event: AnyEventObject }> = Object.values(vertex.transitions)
    for (const { event } of prefix ? edges : []) {
      if (covered.has(edgeKey(sourceKey, event))) continue
      const edgePath = [...(prefix ?? []), event]
      added.push(edgePath)
      for (const edge of edgesOf(walk, [edgePath])) covered.add(edge)
    }
  }
  return added
}

export function generateMachinePaths<TMachine extends AnyStateMachine>(
  typedMachine: TMachine,
  options: PathGenerationOptions<TMachine> = {},
): MachinePath[] {
  const machine: AnyStateMachine = typedMachine
  const supplied = options.events as
    | ((snapshot: AnyMachineSnapshot) => AnyEventObject[])
    | undefined
  const start = initialSnapshot(machine, options.input)
  const eventsOf = (snapshot: AnyMachineSnapshot) => eventsToTry(snapshot, supplied)
  const walk: GraphWalk = {
    machine,
    start,
    eventsOf,
    simulate: (events) => simulatePath(machine, options.input, events),
    traversal: {
      fromState: start,
      serializeState: (snapshot, event) => vertexKey(snapshot, event),
      events: eventsOf,
      limit: options.traversalLimit ?? 10_000,
    },
  }

  const shortest = shortestPaths(walk)
  const simple = boundedSimplePaths(
    machine,
    start,
    eventsOf,
    options.simplePaths?.maxSteps ?? 8,
    options.simplePaths?.maxPaths ?? 10,
  )
  const found = [...shortest.paths, ...simple]
  const unique = dedupePaths([...found, ...uncoveredEdgePaths(walk, found, shortest.byVertex)])
  const names = namePaths(unique)
  return unique.map((events, index) => ({ name: names[index] ?? '', steps: walk.simulate(events) }))
}
