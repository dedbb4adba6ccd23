import { getAdjacencyMap, getShortestPaths } from '@xstate/graph'
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  transition,
} from 'xstate'
import {
  createSimulator,
  type EventSupplier,
  eventsToTry,
  traversalOptions,
  vertexKey,
  type WalkStep,
  withTraversalHint,
} from '#dev/flows/machine-graph'
import { dedupePaths, namePaths, serialize } from './path-naming'
import type { MachinePath, PathGenerationOptions, PathStep } from './types'

/**
 * Test paths from the graph of a machine, walked by #dev/flows/machine-graph (the walk the flow
 * explorer uses too) with `xstate/graph`: a vertex is the state value plus the type of the event
 * that led there (see `vertexKey`).
 *
 * Paths come from three sources, then are deduplicated and named (path-naming.ts):
 * 1. `getShortestPaths`: one shortest path to every vertex;
 * 2. simple paths (no vertex twice), enumerated depth-first with the same vertices and events,
 *    bounded by `maxSteps` and `maxPaths`. `getSimplePaths` has no bound, and every payload
 *    variant of an event multiplies its paths;
 * 3. every edge of the adjacency map (`getAdjacencyMap`) not yet on a path: the shortest path
 *    to its source plus that edge, so each edge is exercised whatever the bounds.
 *
 * Every path is then replayed with pure transitions from the initial snapshot: the expected
 * state values are what the machine really does with those events, never a merged vertex.
 */

interface Edge {
  event: AnyEventObject
  state: AnyMachineSnapshot
}

interface Walk {
  machine: AnyStateMachine
  /** The adjacency map of `xstate/graph`: the edges out of each vertex, by vertex key. */
  edgesFrom: ReadonlyMap<string, Edge[]>
  supplied: EventSupplier | undefined
  /** The vertex key of the initial snapshot. */
  startKey: string
  simulate: (events: readonly AnyEventObject[]) => WalkStep[]
}

/**
 * Simple paths from the start, depth-first on real snapshots (the adjacency map keeps one
 * snapshot per vertex, whose context may not be this path's): no vertex twice, at most
 * `maxSteps` events, at most `maxPaths` paths.
 */
function boundedSimplePaths(
  walk: Walk,
  start: AnyMachineSnapshot,
  maxSteps: number,
  maxPaths: number,
): AnyEventObject[][] {
  const found: AnyEventObject[][] = []
  const onPath = new Set([walk.startKey])
  const events: AnyEventObject[] = []
  const visit = (snapshot: AnyMachineSnapshot) => {
    let extended = false
    if (events.length < maxSteps) {
      for (const event of eventsToTry(snapshot, walk.supplied)) {
        if (found.length >= maxPaths) return
        const next = transition(walk.machine, snapshot, event)[0]
        const key = vertexKey(next, event)
        if (onPath.has(key)) continue
        extended = true
        onPath.add(key)
        events.push(event)
        visit(next)
        events.pop()
        onPath.delete(key)
      }
    }
    if (!extended && events.length > 0 && found.length < maxPaths) found.push([...events])
  }
  visit(start)
  return found
}

function edgeKey(sourceKey: string, event: AnyEventObject): string {
  return `${sourceKey} -- ${serialize(event)}`
}

/** The edges `events` take from the start, as `<source vertex> -- <event>`. */
function edgesOf(walk: Walk, events: readonly AnyEventObject[]): string[] {
  const steps = walk.simulate(events)
  return steps.slice(1).map((step, index) => {
    const source = steps[index]
    const sourceKey = source && index > 0 ? vertexKey(source.snapshot, source.event) : walk.startKey
    return edgeKey(sourceKey, step.event)
  })
}

/** For each graph edge no path takes: the shortest path to its source, then the edge. */
function uncoveredEdgePaths(
  walk: Walk,
  paths: readonly AnyEventObject[][],
  shortestTo: ReadonlyMap<string, AnyEventObject[]>,
): AnyEventObject[][] {
  const covered = new Set(paths.flatMap((events) => edgesOf(walk, events)))
  const added: AnyEventObject[][] = []
  for (const [sourceKey, edges] of walk.edgesFrom) {
    const prefix = shortestTo.get(sourceKey)
    if (!prefix) continue
    for (const { event } of edges) {
      if (covered.has(edgeKey(sourceKey, event))) continue
      // the prefix is a shortest path, whose edges are covered; this edge is the one added
      added.push([...prefix, event])
    }
  }
  return added
}

export function generateMachinePaths<TMachine extends AnyStateMachine>(
  typedMachine: TMachine,
  options: PathGenerationOptions<TMachine> = {},
): MachinePath[] {
  const machine: AnyStateMachine = typedMachine
  const supplied = options.events as EventSupplier | undefined
  const traversal = traversalOptions(machine, {
    input: options.input,
    events: supplied,
    limit: options.traversalLimit,
  })
  const limit = traversal.limit ?? Number.POSITIVE_INFINITY
  const explore = <T>(run: () => T) => withTraversalHint(machine, limit, run)
  const adjacency = explore(() => getAdjacencyMap(machine, traversal))
  const edgesFrom = new Map(
    Object.entries(adjacency).map(([key, vertex]): [string, Edge[]] => [
      key,
      Object.values(vertex.transitions as Record<string, Edge>),
    ]),
  )
  const start = traversal.fromState as AnyMachineSnapshot
  const walk: Walk = {
    machine,
    supplied,
    edgesFrom,
    startKey: vertexKey(start),
    simulate: createSimulator(machine, options.input, serialize),
  }

  const shortestTo = new Map<string, AnyEventObject[]>()
  const shortest = explore(() => getShortestPaths(machine, traversal)).map((path) => {
    const events = path.steps.slice(1).map((step) => step.event)
    const last = walk.simulate(events).at(-1)
    if (last) shortestTo.set(vertexKey(last.snapshot, events.at(-1)), events)
    return events
  })
  const simple = boundedSimplePaths(
    walk,
    start,
    options.simplePaths?.maxSteps ?? 8,
    options.simplePaths?.maxPaths ?? 10,
  )
  const found = [...shortest, ...simple]
  const unique = dedupePaths([...found, ...uncoveredEdgePaths(walk, found, shortestTo)])
  const names = namePaths(unique)
  return unique.map((events, index) => ({
    name: names[index] ?? '',
    steps: walk
      .simulate(events)
      .map(({ event, snapshot }): PathStep => ({ event, value: snapshot.value, snapshot })),
  }))
}
