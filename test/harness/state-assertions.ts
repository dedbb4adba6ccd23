import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate'
import { activeLeafNodes, activeStateNodes } from '#dev/flows/machine-graph'
import { isSameOrDescendant, resolveStateKey, statePath } from './machine-structure'
import { generateMachinePaths } from './path-generation'
import type { MachinePath, MachinePathsOptions, StateAssertion, StepContext } from './types'

/**
 * Per-state assertions. A key covers its state and every state below it. Every leaf state
 * (atomic or final) that a path reaches must be covered by some key: a reachable state without
 * an assertion is a hole, reported by name. (A state left at once by an `always` transition is
 * never a step's state, so it needs no assertion.)
 */

export interface KeyedAssertion<TMachine extends AnyStateMachine> {
  key: string
  node: AnyStateNode
  assert: StateAssertion<TMachine>
}

export function keyAssertions<TMachine extends AnyStateMachine>(
  machine: TMachine,
  states: MachinePathsOptions<TMachine>['states'],
): KeyedAssertion<TMachine>[] {
  return Object.entries(states).map(([key, assert]) => ({
    key,
    node: resolveStateKey(machine, key),
    assert,
  }))
}

/** The active leaf states of a snapshot that no key covers, by path. */
export function unassertedActiveStates(
  snapshot: AnyMachineSnapshot,
  keyNodes: readonly AnyStateNode[],
): string[] {
  return activeLeafNodes(snapshot)
    .filter((leaf) => !keyNodes.some((keyNode) => isSameOrDescendant(leaf, keyNode)))
    .map(statePath)
}

/** The reachable leaf states (over all given paths) that no key covers, sorted. */
export function unassertedStatesOnPaths(
  paths: readonly MachinePath[],
  keyNodes: readonly AnyStateNode[],
): string[] {
  const holes = paths.flatMap((path) =>
    path.steps.flatMap((step) => unassertedActiveStates(step.snapshot, keyNodes)),
  )
  return [...new Set(holes)].sort()
}

/**
 * The states the machine can reach (on its generated paths, with these options) that have no
 * assertion in `options.states`.
 */
export function findUnassertedStates<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): string[] {
  const keyNodes = keyAssertions(machine, options.states).map(({ node }) => node)
  return unassertedStatesOnPaths(generateMachinePaths(machine, options), keyNodes)
}

/** Runs every assertion whose state is active; fails on an active state without one. */
export async function runStateAssertions<TMachine extends AnyStateMachine>(
  snapshot: AnyMachineSnapshot,
  step: StepContext,
  keyed: readonly KeyedAssertion<TMachine>[],
): Promise<void> {
  const holes = unassertedActiveStates(
    snapshot,
    keyed.map(({ node }) => node),
  )
  if (holes.length > 0) throw new Error(`no assertion registered for state ${holes.join(', ')}`)
  const active = new Set(activeStateNodes(snapshot).map((activeNode) => activeNode.id))
  for (const { node, assert } of keyed) {
    if (active.has(node.id))
      await assert(snapshot as SnapshotFrom<TMachine>, step as StepContext<SnapshotFrom<TMachine>>)
  }
}
